/// What running a command may change besides the screen, declared with it: `watch` repeats
/// only commands that read, and names what the others would change. A command that changes
/// the store but is declared as reading is still stopped at its first write while watched
/// (CommandContext.readOnly), so a forgotten declaration costs a refusal, never a write.
public enum CommandEffect: Equatable, Sendable {
    /// Shows something and changes nothing but where the shell is (open, back, more).
    case reads
    /// Changes the items, the catalogue, the reminders or the remote.
    case changesStore
    /// Writes a file of the person's (export).
    case writesFile
    /// Changes the session's settings (set).
    case changesSettings
    /// Takes the shell elsewhere: leaves it, runs a script, repeats a command.
    case steersShell

    /// What a command with this effect changes, for a refusal's words; nil when it only reads.
    public var changed: String? {
        switch self {
        case .reads: return nil
        case .changesStore: return "changes the store"
        case .writesFile: return "writes a file"
        case .changesSettings: return "changes settings"
        case .steersShell: return "takes the shell elsewhere"
        }
    }
}
