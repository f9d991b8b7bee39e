/// Why an ad's photo has no address that can be fetched, as the line shown in its place.
public struct PhotoRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
