import ErrandDomain
import ErrandStorage

/// The store's lists as the shell names them (ListNames), for commands and for Tab alike: a
/// list is offered the moment it joins, before it holds an item.
extension ShellEnvironment {
    /// The remote the store keeps, else the session's: a first sync names the main list as
    /// the session already did.
    func mainList() throws -> String {
        ListNames.mainName(of: try store.syncRemote(), session: remoteURL)
    }

    /// The list names, the main one first, then the others (those syncing with collections
    /// of their own, even empty, and every name items carry), as the store spells them.
    func listNames() throws -> [String] {
        let main = try mainList()
        var others: [String] = []
        for name in try store.syncLists().map(\.name) + store.wordCounts(.list).map(\.word)
        where !ListNames.same(name, main) && !others.contains(where: { ListNames.same($0, name) }) {
            others.append(name)
        }
        return [main] + others.sorted { ItemField.key($0) < ItemField.key($1) }
    }
}
