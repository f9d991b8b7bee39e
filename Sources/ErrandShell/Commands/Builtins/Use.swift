import ErrandDomain

/// `use NAME` / `use all`: narrows view, list, day, find and near to one list, and makes it where
/// create puts items; `use all` shows every list again. Remembered for the session only.
struct Use: ShellCommand {
    static let all = "all"
    static let name = ArgumentSpec("NAME", .listName(orAll: true), help: "a list's name (see lists), or all")
    static let spec = CommandSpec("use", summary: "show one list (and create into it), or all of them again",
                                  details: "The prompt shows the list in use; rows of a list other than the main one carry its [name].",
                                  arguments: [name], effect: .changesSettings) { Use(typed: $0.text(name) ?? "") }

    let typed: String

    func run(_ c: inout CommandContext) throws -> Display {
        if ListNames.same(typed, Use.all) {
            c.session.list = nil
            return try c.refresh(message: "showing every list")
        }
        guard let list = try c.existingList(typed) else { throw ShellError.failed(try Use.noSuchList(typed, c)) }
        c.session.list = list
        return try c.refresh(message: "using the list \"\(list)\": create puts items there; use all shows every list")
    }

    /// `no list called "X": the lists are "local", "Work"; ...`.
    static func noSuchList(_ typed: String, _ c: CommandContext) throws -> String {
        let names = try c.listNames().map { "\"\($0)\"" }.joined(separator: ", ")
        return "no list called \"\(TextSafety.neutralised(String(typed.prefix(60))))\": "
            + "the lists are \(names); create TITLE --list NAME makes one"
    }
}
