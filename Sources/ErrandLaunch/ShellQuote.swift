import ErrandShell

/// Words written into the generated completion scripts, quoted so that a declaration holding
/// a quote, a space or a glob character cannot change the script.
enum ShellQuote {
    /// bash and zsh: `it's` -> `'it'\''s'`.
    static func single(_ text: String) -> String {
        "'" + text.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }

    /// fish reads `\'` and `\\` inside single quotes.
    static func fish(_ text: String) -> String {
        "'" + text.map { $0 == "'" || $0 == "\\" ? "\\" + String($0) : String($0) }.joined() + "'"
    }

    /// The shell commands offered after `-c`: canonical names only (aliases such as `?` and
    /// `.` would be read as patterns).
    static func commandNames(_ table: CommandTable) -> [String] {
        table.specs.map(\.name)
    }
}
