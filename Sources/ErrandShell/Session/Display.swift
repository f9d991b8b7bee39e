import ErrandDomain

/// What a command shows: an optional one-line message and an optional screen. Presenters turn
/// it into text or JSON; commands never print.
public struct Display: Equatable, Sendable {
    public var message: String?
    public var screen: Screen?
    /// A second line about a side matter of the command (where a place was located, or why
    /// it was not), shown under the message.
    public var notice: String?
    /// The query of a `find` or `run` list, as read (JSON writes it before the rows).
    public var query: QueryReading?
    /// Set when the screen is one part of a streamed list (ListPart).
    public var part: ListPart?
    /// Already written by the command itself (ShellEnvironment.announce): nothing more to show.
    public var announced = false

    public init(message: String? = nil, screen: Screen? = nil, notice: String? = nil) {
        self.message = message
        self.screen = screen
        self.notice = notice
    }
}
