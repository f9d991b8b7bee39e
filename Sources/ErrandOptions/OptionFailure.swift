/// Why a command line was refused, as one line (the program adds its name and usage).
public struct OptionFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
