/// How batch input is run (sqlite3's -echo and -bail, psql's ON_ERROR_STOP).
public struct ScriptOptions: Equatable, Sendable {
    public var echo = false
    public var bail = false
    /// The terminal's columns; nil when the output is not a terminal, and nothing is cut.
    public var width: Int?
    /// Show only what fails: a start-up file's `set` lines are not news at every start.
    public var quiet = false

    public init(echo: Bool = false, bail: Bool = false, width: Int? = nil) {
        self.echo = echo
        self.bail = bail
        self.width = width
    }
}
