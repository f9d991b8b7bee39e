import ErrandDomain
#if canImport(Glibc)
import Glibc
#endif

/// Hands a reminder to the desktop's notification daemon through `notify-send` (libnotify's,
/// found on PATH), the way cron jobs and systemd timers reach a desktop. Its output is not
/// read beyond the exit: a notification is a side matter of `remind`, which prints each anyway.
public enum DesktopNotifier {
    public static let program = "notify-send"

    /// `notify-send` on PATH, or nil.
    public static func find(path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + program
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Shows `title` with `body`; the reason when it could not, in one line.
    public static func send(_ program: String, title: String, body: String) -> String? {
        let process: HelperProcess
        do {
            process = try HelperProcess(program, ["--app-name=Errand", "--", title, TextSafety.markupEscaped(body)])
        } catch {
            return error.description(role: "notify-send", path: program)
        }
        // Bounded: a daemon that never answers must not hold the cron job forever.
        if process.collect(deadline: .now + .seconds(10), errorLimit: 4_096, output: { _ in true }) != nil {
            process.wait()
            return "notify-send did not answer within 10 seconds"
        }
        let exit = process.wait(atMost: 10)
        return exit.succeeded ? nil : "notify-send failed (\(exit))"

    }
}
