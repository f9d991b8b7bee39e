import ErrandDomain

/// `run NAME`: a saved search, listed as `find` lists (numbered, so `open N` and `check N`
/// act on its rows), on the tab it was saved on.
struct Run: ShellCommand {
    static let name = ArgumentSpec("NAME", .savedSearch, help: "a saved search (saved lists them)")
    static let spec = CommandSpec("run", summary: "list what a saved search finds now",
                                  details: "An ads search runs on all ads, whatever the filter: it was saved with its own cat:.",
                                  arguments: [name]) { values in Run(name: try values.requiredText(name)) }

    let name: String

    func run(_ c: inout CommandContext) throws -> Display {
        let search = try Save.saved(name, command: "run", c)
        if search.tab == .ads { c.session.filter = nil }
        return try Find.show(search.query, on: search.tab, command: "run \(name)", &c)
    }
}
