import ErrandDomain

/// What a command shows: an optional one-line message and an optional screen. Presenters turn
/// it into text or JSON; commands never print.
public struct Display: Equatable, Sendable {
    public var message: String?
    public var screen: Screen?

    public init(message: String? = nil, screen: Screen? = nil) {
        self.message = message
        self.screen = screen
    }
}
