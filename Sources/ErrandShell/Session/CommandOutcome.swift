/// The result of one command line.
public struct CommandOutcome: Equatable, Sendable {
    public enum Control: Equatable, Sendable {
        case quit
        case source(String)
        /// Run a reading command again and again (`watch`); the runner paces and draws it.
        case watch(WatchPlan)
    }

    /// The command's canonical name ("" when the line named no known command).
    public var command: String
    public var result: Result<Display, ShellError>
    public var control: Control?

    public var succeeded: Bool {
        if case .success = result { return true }
        return false
    }
}
