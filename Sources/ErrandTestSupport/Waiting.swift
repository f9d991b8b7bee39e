import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How tests wait: for an event (a line, a file, a request a server received, a screen the
/// shell said it drew), never for time to pass. `patience` bounds every wait so that a hang
/// ends the test; it is minutes, so load never reaches it.
public enum Waiting {
    public static let patience: Double = 300

    /// Asks `check` until it answers, each 20 ms, up to `patience` seconds (nil then). For
    /// conditions with no descriptor to wait on (a file appearing, a tmux screen, a count of
    /// requests): the pause is how often to look, not a wait for time.
    public static func until<T>(patience: Double = Waiting.patience, _ check: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            if let found = try check() { return found }
            if Date() >= deadline { return nil }
            usleep(20_000)
        }
    }
}
