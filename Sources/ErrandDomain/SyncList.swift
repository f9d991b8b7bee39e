/// A list of the store that syncs with a collection of its own, beside the main list's remote
/// (SyncRemote): `remote URL --all` or `--join NAME...` makes one of each further task list the
/// server holds. Its items carry its name (ItemField.list); its entries are its own, so one
/// item can have a copy in two collections while a move between them is half done.
public struct SyncList: Hashable, Sendable {
    /// As the store spells it (the items' list value); compared by its key.
    public var name: String
    public var remote: SyncRemote

    public init(name: String, remote: SyncRemote) {
        self.name = name
        self.remote = remote
    }

    public var key: String { ItemField.key(name) }
}
