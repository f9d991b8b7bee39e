/// What reading one line at the prompt gave.
public enum ReadResult: Equatable, Sendable {
    case line(String)
    /// A line longer than the editor's limit: refused, not returned.
    case tooLong
    /// Ctrl-C: the line (or form) is cancelled, the shell goes on.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case endOfInput
    /// SIGTERM or SIGHUP arrived: save and leave.
    case terminated
}
