import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// A row of a streamed list (ListPart) as the listing keeps it: the item's id and a hash of it
/// as listed, not the item, so `list` over 800,000 items keeps 24 bytes a row instead of the
/// items. A row named later is read again and must hash the same (the stale-row rule of a
/// full row, ItemRecords.current); the hash lives only as long as this process, as the
/// listing does.
public struct ListedItem: Equatable, Sendable {
    public let id: UUID
    public let stamp: Int

    public init(_ item: TodoItem) {
        id = item.id
        stamp = item.hashValue
    }

    /// The item stored now when it is still the one listed as row `number`.
    func current(in store: ErrandStore, row number: Int) throws -> TodoItem {
        guard let stored = try store.item(id: id) else {
            throw ShellError.failed("row \(number) is no longer in the store (another shell?); nothing was done: list again")
        }
        guard stored.hashValue == stamp else { throw StoreError.changed(title: stored.title) }
        return stored
    }
}
