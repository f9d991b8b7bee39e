/// One part of a list too long to hold whole (more rows than ShellEnvironment.streamRows) where
/// nothing pages it (a script, a pipe, `-c`, JSON): the first part comes with the command, the
/// Runner asks the Interpreter for the rest (Interpreter.nextPart) and writes each as it comes,
/// as psql's FETCH_COUNT does. A part is a page of its own: subtasks are placed under parents
/// on the same part, and columns are sized per part.
public struct ListPart: Equatable, Sendable {
    /// More parts follow this one.
    public var continues: Bool
    /// Whether the row just before this part was done (its section, so a part that goes on in
    /// the same section does not name it again); nil for the first part.
    public var after: Bool?

    public init(continues: Bool, after: Bool?) {
        self.continues = continues
        self.after = after
    }
}
