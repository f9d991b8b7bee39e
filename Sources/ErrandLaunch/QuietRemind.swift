import ErrandFiles
import ErrandShell
import ErrandStorage

/// `errand remind` as cron or a systemd timer runs it every minute: nearly every run finds
/// nothing to ring, and for those the shell (every command's declaration, the helpers'
/// paths, the history, the locale) is never built. The store is opened as always (a damaged,
/// foreign or newer store is refused the same way), one index probe answers, and the process
/// ends, printing nothing, as the shell would. Anything else on the command line, a store that
/// cannot be opened, or a reminder to ring goes the ordinary way, which says and does the rest.
public enum QuietRemind {
    /// The configuration when `arguments` are `[--store PATH] [--today T] [--color | --no-color]
    /// [--no-rc] remind [--notify]` and no file here is named `remind` (it would be a script);
    /// nil for anything else.
    public static func configuration(_ arguments: [String], environment: [String: String]) -> LaunchConfiguration? {
        guard let start = arguments.lastIndex(of: RemindWords.name), RemindWords.match(arguments[start...]) else { return nil }
        var options = LaunchOptions()
        do {
            try options.read(arguments[..<start], LaunchOption.errand, context: "")
        } catch {
            return nil
        }
        var plain = LaunchOptions()
        plain.store = options.store
        plain.today = options.today
        plain.color = options.color
        plain.rc = options.rc == false ? false : nil
        guard options == plain, FileKind(path: RemindWords.name) == nil,
              let configuration = try? LaunchConfiguration(options: options, environment: environment),
              configuration.storeFolderRefusal == nil else { return nil }
        return configuration
    }

    /// Whether nothing rings now in the configured store: false when something does, or when
    /// the store cannot be opened or read (the ordinary way then rings it, or says why not).
    /// `waiting` as StoreOpener's: opening may migrate the store, and wait for another Errand.
    public static func findsNothing(_ configuration: LaunchConfiguration, waiting: (() -> Void)? = nil) -> Bool {
        guard let store = try? StoreOpener.open(path: configuration.storePath, backend: configuration.storeBackend,
                                                waiting: waiting) else {
            return false
        }
        defer { store.close() }
        let clock = configuration.clock
        return (try? store.hasRemindersToRing(at: clock.now, clock: clock)) == false
    }
}
