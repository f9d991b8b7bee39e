/// The to-do rules as a pure value: the book's ItemManager (two sections, check/uncheck,
/// duplicates refused, remove all) and the SwiftUI app's week and day views.
///
/// The property-list backend keeps its whole store in one of these; the SQLite backend applies
/// the same rules in SQL, and one contract suite holds both to the same behaviour.
import Foundation

public struct ItemManager: Equatable, Sendable {
    public private(set) var items: [TodoItem] = []
    private var indexByID: [UUID: Int] = [:]
    /// Open items by entry: adding 100,000 items to a plist store scanned them all each time.
    private var openByEntry: [EntryKey: Int] = [:]
    private var lastSequence: Int64 = 0

    public init(items: [TodoItem] = []) {
        for item in items { put(item) }
    }

    public static func == (lhs: ItemManager, rhs: ItemManager) -> Bool {
        lhs.toDoItems == rhs.toDoItems && lhs.doneItems == rhs.doneItems
    }

    // MARK: reading

    public var toDoItems: [TodoItem] { items.filter { !$0.isDone }.sorted { $0.sequence < $1.sequence } }
    public var doneItems: [TodoItem] { items.filter(\.isDone).sorted { $0.sequence < $1.sequence } }
    public var toDoCount: Int { items.lazy.filter { !$0.isDone }.count }
    public var doneCount: Int { items.count - toDoCount }
    public var counts: ItemCounts { ItemCounts(toDo: toDoCount, done: doneCount) }

    /// The To do section followed by the Done section: the numbering the user sees.
    public var allInSections: [TodoItem] { toDoItems + doneItems }

    public func item(id: UUID) -> TodoItem? {
        indexByID[id].map { items[$0] }
    }

    public func item(at index: Int, in section: ItemSection) throws(DomainError) -> TodoItem {
        let list = section == .toDo ? toDoItems : doneItems
        guard index >= 0, index < list.count else { throw .noSuchIndex(index, count: list.count) }
        return list[index]
    }

    /// One day's items: To do first, then Done, each in section order.
    public func items(on day: DueDay) -> [TodoItem] {
        let ofDay = items.filter { $0.due == day }
        return ofDay.filter { !$0.isDone }.sorted(by: ItemManager.dayOrder)
            + ofDay.filter(\.isDone).sorted(by: ItemManager.dayOrder)
    }

    /// Open items per day for `days` consecutive days from `start`.
    public func openCounts(from start: DueDay, days: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: max(days, 0))
        for item in items where !item.isDone {
            let offset = item.due.dayNumber - start.dayNumber
            if offset >= 0, offset < counts.count { counts[offset] += 1 }
        }
        return counts
    }

    /// Inside a day, timed items come in time order before untimed ones, then creation order.
    static func dayOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        switch (a.time, b.time) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.sequence < b.sequence
        }
    }

    // MARK: changing

    /// Adds a new open item at the end of To do; refuses one equal to an item already open.
    @discardableResult
    public mutating func add(_ item: TodoItem) throws(DomainError) -> TodoItem {
        var fresh = try item.validated()
        if let clash = openByEntry[EntryKey(fresh)].map({ items[$0] }) {
            throw .duplicate(title: clash.title, due: clash.due)
        }
        guard indexByID[fresh.id] == nil else { throw .duplicate(title: fresh.title, due: fresh.due) }
        fresh.isDone = false
        fresh.sequence = lastSequence + 1
        put(fresh)
        return fresh
    }

    /// Moves an item to the end of the other section.
    @discardableResult
    public mutating func setDone(_ done: Bool, id: UUID) throws(DomainError) -> TodoItem {
        guard let index = indexByID[id] else { throw .notFound(id.uuidString) }
        var item = items[index]
        if item.isDone == done { throw done ? .alreadyDone(item.title) : .notDone(item.title) }
        if !done, openByEntry[EntryKey(item)] != nil {
            throw .duplicate(title: item.title, due: item.due)
        }
        item.isDone = done
        item.sequence = lastSequence + 1
        put(item)
        return item
    }

    @discardableResult
    public mutating func remove(id: UUID) throws(DomainError) -> TodoItem {
        guard let index = indexByID[id] else { throw .notFound(id.uuidString) }
        let removed = items[index]
        items.remove(at: index)
        reindex()
        return removed
    }

    /// Removes every item and returns them, in section order, so the change can be undone.
    @discardableResult
    public mutating func removeAll() -> [TodoItem] {
        let removed = allInSections
        items = []
        indexByID = [:]
        openByEntry = [:]
        return removed
    }

    /// Puts items back exactly as they were (undo): same ids, sequences and states.
    public mutating func restore(_ restored: [TodoItem]) {
        for item in restored { put(item) }
    }

    /// Adds items brought from another app. Items whose id is taken, or equal to an open item
    /// (including one earlier in the same batch), are skipped and counted.
    public mutating func importItems(_ incoming: [TodoItem]) -> ImportOutcome {
        var added: [TodoItem] = []
        var skipped = 0
        for item in incoming {
            do {
                added.append(try add(item))
            } catch {
                skipped += 1
            }
        }
        return ImportOutcome(added: added, skipped: skipped)
    }

    private mutating func put(_ item: TodoItem) {
        if let index = indexByID[item.id] {
            forget(at: index)
            items[index] = item
            remember(at: index)
        } else {
            indexByID[item.id] = items.count
            items.append(item)
            remember(at: items.count - 1)
        }
        lastSequence = max(lastSequence, item.sequence)
    }

    /// Keeps openByEntry in step with an open item at `index` (the first one, if several
    /// equal items are open, as a file written by hand may have).
    private mutating func remember(at index: Int) {
        let item = items[index]
        if !item.isDone, openByEntry[EntryKey(item)] == nil { openByEntry[EntryKey(item)] = index }
    }

    private mutating func forget(at index: Int) {
        let key = EntryKey(items[index])
        guard openByEntry[key] == index else { return }
        openByEntry[key] = nil
        // Another open item with the same entry (only in hand-made files) takes its place.
        if let other = items.indices.first(where: { $0 != index && !items[$0].isDone && EntryKey(items[$0]) == key }) {
            openByEntry[key] = other
        }
    }

    private mutating func reindex() {
        indexByID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
        openByEntry = [:]
        for index in items.indices { remember(at: index) }
    }
}
