import ErrandOptions
import ErrandShell

/// `errand --help`, derived from the declarations: the usage lines and the lists of options
/// and variables come from `LaunchOption` and `EnvironmentVariable`; only prose is written here.
public enum LaunchHelp {
    static let width = 90
    /// Where option descriptions start, as in most programs' help.
    static let column = 22

    public static var text: String {
        let check = "errand check " + LaunchOption.check.map(\.usage).joined(separator: " ") + " FILE.session..."
        var lines = ["usage: errand [OPTIONS] [FILE]", "       " + check, ""]
        lines += TextWrap.wrap(about, width: width) + [""]
        lines += ["options:"] + LaunchOption.errand.flatMap(row) + [""]
        lines += hanging("check:  ", checkAbout) + LaunchOption.check.flatMap(row) + [""]
        lines += ["exit status:"] + ExitStatus.all.flatMap { hanging("  \($0.status)  ", $0.meaning) } + [""]
        lines += ["environment:"] + EnvironmentVariable.all.flatMap { row("  " + $0.name, $0.help) } + [""]
        lines += ["files:"] + ProgramFile.all.flatMap { row("  " + $0.path, firstClause($0.help)) } + [""]
        lines += ["commands, at the prompt, in scripts and after -c (help COMMAND explains one):"]
        lines += hanging("  ", CommandTable.standard.specs.map(\.name).joined(separator: ", ") + ".") + [""]
        lines += ["The manual page (man errand) says more; errand --generate man prints it."]
        return lines.joined(separator: "\n")
    }

    static let about = """
        An interactive shell for your to-do list. With no FILE and a terminal, it prompts; with \
        FILE, --script, -c or a pipe, it runs the commands without prompt or banner.
        """

    static let checkAbout = """
        replays each transcript against a fresh temporary store with today pinned to \
        \(Transcript.defaultToday) and shows a diff where the output differs.
        """

    /// A help text cut to its first clause, for one-line descriptions: "the store file" for
    /// --store's.
    static func firstClause(_ help: String) -> String {
        let stops = ["; ", " (", ": ", ", "]
        let cut = stops.compactMap { help.firstRange(of: $0)?.lowerBound }.min() ?? help.endIndex
        return String(help[..<cut])
    }

    /// `  --store PATH        the store file ...`; a label too long for the column gets a line
    /// of its own.
    static func row(_ option: LaunchOption) -> [String] {
        row("  " + option.label, option.help)
    }

    static func row(_ label: String, _ text: String) -> [String] {
        guard label.count < column else { return [label] + hanging(String(repeating: " ", count: column), text) }
        return hanging(label + String(repeating: " ", count: column - label.count), text)
    }

    /// `label` then `text` wrapped beside it, continuation lines indented under the text.
    static func hanging(_ label: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: label.count)
        return TextWrap.wrap(text, width: width - label.count).enumerated().map { index, line in
            (index == 0 ? label : indent) + line
        }
    }
}
