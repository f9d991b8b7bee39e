/// One list as `lists` shows it: its open items, where it syncs and when it last did.
public struct ListSummary: Equatable, Sendable {
    public let name: String
    public let open: Int
    /// The store's main list: the one its remote syncs with (ListNames).
    public let main: Bool
    /// The collection it syncs with, without a password; nil for a list kept here only.
    public let remote: String?
    /// When it last synced, as the screen says days; nil if never.
    public let lastSync: String?
    /// The list `use` narrowed the session to.
    public let inUse: Bool
}
