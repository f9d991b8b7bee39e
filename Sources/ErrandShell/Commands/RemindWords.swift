/// A `remind` line as errand's command line gives it (`errand remind --notify`), recognised
/// from Remind's own declaration alone: start-up (ErrandLaunch's QuietRemind) answers a cron
/// run that finds nothing to ring without reading every command's declaration.
public enum RemindWords {
    /// The command's name, `remind`.
    public static var name: String { Remind.spec.name }

    /// Whether `words` are `remind` with at most its own `--notify`, as the shell would run them.
    public static func match(_ words: ArraySlice<String>) -> Bool {
        guard words.first == name else { return false }
        let rest = words.dropFirst()
        return rest.isEmpty || rest.count == 1 && rest.first == "--" + Remind.notify.name
    }
}
