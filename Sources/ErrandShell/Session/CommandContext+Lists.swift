import ErrandDomain
import ErrandStorage
import ErrandSync

/// The store's lists as the shell names them (ListNames): the main one, named after the
/// remote, and every name items carry; `use NAME` narrows each list screen to one of them.
extension CommandContext {
    /// The main list's name (ShellEnvironment+Lists).
    func mainList() throws -> String { try environment.mainList() }

    /// The list names, the main one first (ShellEnvironment+Lists).
    func listNames() throws -> [String] { try environment.listNames() }

    /// The list a typed name means, as the store spells it; nil when there is none.
    func existingList(_ typed: String) throws -> String? {
        try listNames().first { ListNames.same($0, typed) }
    }

    /// The selection of the list in use (the whole store when none is).
    func narrowed(_ selection: ItemSelection) throws -> ItemSelection {
        guard let name = session.list else { return selection }
        return selection.narrowed(to: ListNames.term(name, main: try mainList()))
    }

    func narrowed(_ query: ItemQuery) throws -> ItemQuery {
        ItemQuery(try narrowed(query.selection), in: query.order)
    }

    /// What an item created or moved here stores for the list typed (or the one in use):
    /// nil for the main list. The name is checked as the field checks it.
    func storedList(_ typed: String?) throws -> String? {
        guard let typed = typed ?? session.list else { return nil }
        guard !ListNames.same(typed, Use.all) else {
            throw ShellError.usage("\"\(Use.all)\" means every list to use: a list cannot be called so")
        }
        let name = try existingList(typed) ?? typed
        return ListNames.stored(name, main: try mainList())
    }

    /// Each list with its open count; those that sync with their collection and last sync.
    func listSummaries() throws -> [ListSummary] {
        let main = try mainList()
        let remote = try store.syncRemote()
        let joined = try store.readRecords { try $0.syncLists() }
        let inUse = session.list
        return try listNames().map { name in
            let isMain = ListNames.same(name, main)
            let open = try store.count(ItemSelection.open.narrowed(to: ListNames.term(name, main: main)))
            let own = joined.first { $0.key == ItemField.key(name) }?.remote
            let syncs = isMain ? remote : own
            return ListSummary(name: name, open: open, main: isMain,
                               remote: isMain ? (remote?.url ?? environment.remoteURL.map(TodoSync.kept)) : own?.url,
                               lastSync: syncs?.lastSync.map(environment.moment),
                               inUse: inUse.map { ListNames.same($0, name) } ?? false)
        }
    }
}
