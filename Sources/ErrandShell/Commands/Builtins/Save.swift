import ErrandDomain

/// `save NAME`: keeps the last `find` of the tab (on the ads tab, with its filter; or the
/// filter alone) under a name, in the store, to run again by that name (`run NAME`).
struct Save: ShellCommand {
    static let name = ArgumentSpec("NAME", .savedSearch, help: "one word, up to \(SavedSearch.nameLimit) characters")
    static let spec = CommandSpec("save", summary: "save the last find of this tab (or the ads filter) under a name",
                                  details: "The query is kept as typed and read again by each run, so due:<+7d means "
                                      + "the week from the day it runs. Saving a name again replaces its search; undo "
                                      + "puts the earlier one back.",
                                  arguments: [name], effect: .changesStore, undoable: true) { Save(name: try $0.requiredText(name)) }

    let name: String

    func run(_ c: inout CommandContext) throws -> Display {
        try Save.check(name, command: "save")
        guard name != Run.every else {
            throw ShellError.usage("save: ALL names every ads search (run ALL --new): choose another name")
        }
        let search = SavedSearch(name: name, tab: c.session.tab == .ads ? .ads : .todos, query: try current(c))
        let before = try c.store.savedSearch(named: name)
        if before == search { return Display(message: "\"\(name)\" already saves that: \(search.query)") }
        try c.change { try $0.changeSavedSearch(SavedSearchChange(before: before, after: search), journaled: $1) }
        let verb = before == nil ? "saved" : "replaced"
        return Display(message: "\(verb) \"\(name)\" (\(search.tab.rawValue)): \(search.query); run \(name) runs it")
    }

    private func current(_ c: CommandContext) throws -> String {
        if let text = Save.shown(c) { return text }
        throw ShellError.usage("save: nothing to save on this tab: find something first"
                               + (c.session.tab == .ads ? " (or filter a category)" : ""))
    }

    /// The query of the tab's last `find`, as typed; on the ads tab the filter joins it as
    /// `cat:`, so that the saved search finds what the screen showed (`stats` reads it too).
    /// nil when the tab shows no find and no filter.
    static func shown(_ c: CommandContext) -> String? {
        let filter = c.session.tab == .ads ? c.session.filter.map { QueryWords.joined(["cat:" + $0]) } : nil
        for route in c.session.stack.reversed() {
            switch route {
            case let .found(query) where c.session.tab != .ads:
                return query.description
            case let .adsFound(query) where c.session.tab == .ads:
                guard query.categoryName == nil, let filter else { return query.description }
                return filter + " " + query.description
            default: continue
            }
        }
        return filter
    }

    /// The one line a bad name gets, before anything is read or changed.
    static func check(_ name: String, command: String) throws {
        if let refusal = SavedSearch.refusal(of: name) { throw ShellError.usage("\(command): \(refusal)") }
    }

    /// The saved search of that name, or the line that says there is none.
    static func saved(_ name: String, command: String, _ c: CommandContext) throws -> SavedSearch {
        try check(name, command: command)
        guard let search = try c.store.savedSearch(named: name) else {
            let names = try c.store.savedSearches().map(\.name)
            throw ShellError.usage("\(command): no saved search \"\(name)\""
                                   + (names.isEmpty ? " (save NAME saves the last find)" : "; saved lists them"))
        }
        return search
    }
}
