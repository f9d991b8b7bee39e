import ErrandDomain

/// `forget NAME`: drops a saved search (undo brings it back).
struct Forget: ShellCommand {
    static let name = ArgumentSpec("NAME", .savedSearch, help: "a saved search (saved lists them)")
    static let spec = CommandSpec("forget", summary: "drop a saved search",
                                  arguments: [name], effect: .changesStore, undoable: true) { Forget(name: try $0.requiredText(name)) }

    let name: String

    func run(_ c: inout CommandContext) throws -> Display {
        let search = try Save.saved(name, command: "forget", c)
        try c.change { try $0.changeSavedSearch(SavedSearchChange(before: search, after: nil), journaled: $1) }
        return Display(message: "forgot \"\(name)\" (\(search.query)); undo brings it back")
    }
}
