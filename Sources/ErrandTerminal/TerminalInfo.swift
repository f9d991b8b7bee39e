import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Facts about the terminal: whether there is one, and how wide it is.
public enum TerminalInfo {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns of the terminal on `fd`, else $COLUMNS, else 80.
    public static func width(fd: Int32 = 1, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Rows of the terminal on `fd`, else $LINES, else 24.
    public static func height(fd: Int32 = 1, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
        return 24
    }

    /// libedit drops typed non-ASCII characters unless LC_CTYPE is a UTF-8 locale.
    public static func setUpLocale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}
