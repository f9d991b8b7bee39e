/// The items in memory as a pure value: the book's ItemManager (two sections, remove all) and
/// the SwiftUI app's week and day views. Its rules (add, check, import) are the shared ones
/// every backend uses (ItemRecords+Rules.swift); this type keeps the records they read.
///
/// The property-list backend keeps its whole store in one of these; the SQLite backend keeps
/// the same records in tables, and one contract suite holds both to the same behaviour.
import FoundationEssentials

public struct ItemManager: ItemRecords, Equatable, Sendable {
    public private(set) var items: [TodoItem] = []
    private var indexByID: [UUID: Int] = [:]
    private var idByUID: [String: UUID] = [:]
    /// How many open items each entry has: adding 100,000 items to a plist store scanned them
    /// all each time. A count, not an index, so removals need no rebuild (and a hand-made file
    /// with two equal open items keeps the rule while either is open).
    private var openEntries: [EntryKey: Int] = [:]
    private var lastSequence: Int64 = 0
    /// The sync state, changed with the items (see SyncRecords).
    public var ledger = SyncLedger()

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

    public func item(uid: String) -> TodoItem? {
        idByUID[uid].flatMap(item(id:))
    }

    /// One day's items (nil: the items without a date): To do first, then Done, each in
    /// section order.
    public func items(on day: DueDay?) -> [TodoItem] {
        let ofDay = items.filter { $0.due == day }
        return ofDay.filter { !$0.isDone }.sorted(by: ItemManager.dayOrder)
            + ofDay.filter(\.isDone).sorted(by: ItemManager.dayOrder)
    }

    /// Open items due before `day`, oldest first (in a day, the day's own order).
    public func overdue(before day: DueDay) -> [TodoItem] {
        items.filter { !$0.isDone && $0.due.map { $0 < day } ?? false }.sorted(by: ItemManager.dueOrder)
    }

    /// `list`: To do by due day (each day in its own order, those without a date last), then
    /// Done in check order.
    public var agenda: [TodoItem] {
        items.filter { !$0.isDone }.sorted(by: ItemManager.dueOrder) + doneItems
    }

    static func dueOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        switch (a.due, b.due) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return dayOrder(a, b)
        }
    }

    /// Open items per day for `days` consecutive days from `start`.
    public func openCounts(from start: DueDay, days: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: max(days, 0))
        for item in items where !item.isDone {
            guard let due = item.due else { continue }
            let offset = due.dayNumber - start.dayNumber
            if offset >= 0, offset < counts.count { counts[offset] += 1 }
        }
        return counts
    }

    /// Inside a day, timed items come in time order before untimed ones, then by priority
    /// (highest first, those without one last), then creation order: SQLite's item_day_order.
    static func dayOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        switch (a.time, b.time) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.priority, b.priority) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.sequence < b.sequence
        }
    }

    // MARK: records (the rules that use them are in ItemRecords+Rules.swift)

    public func hasOpenItem(withEntry key: EntryKey) -> Bool { openEntries[key] != nil }

    /// `lastSequence` comes from the items read, so a hand-edited file can put it at Int64.max.
    public mutating func nextSequence() throws(DomainError) -> Int64 {
        let (next, overflow) = lastSequence.addingReportingOverflow(1)
        if overflow { throw DomainError.sequenceExhausted }
        lastSequence = next
        return next
    }

    public mutating func insert(_ item: TodoItem) { put(item) }
    public mutating func update(_ item: TodoItem) { put(item) }

    public mutating func removeItem(id: UUID) {
        guard let index = indexByID[id] else { return }
        ledger.removed(id)
        forget(items[index])
        items.remove(at: index)
        reindex()
    }

    /// Removes every item and returns them, in section order, so the change can be undone.
    @discardableResult
    public mutating func removeAll() -> [TodoItem] {
        let removed = allInSections
        for item in removed { ledger.removed(item.id) }
        items = []
        indexByID = [:]
        idByUID = [:]
        openEntries = [:]
        return removed
    }

    /// Puts items back exactly as they were (undo): same ids, sequences and states.
    public mutating func restore(_ restored: [TodoItem]) {
        for item in restored { put(item) }
    }

    private mutating func put(_ item: TodoItem) {
        ledger.changed(item.id)
        if let index = indexByID[item.id] {
            forget(items[index])
            items[index] = item
        } else {
            indexByID[item.id] = items.count
            items.append(item)
        }
        remember(item)
        lastSequence = max(lastSequence, item.sequence)
    }

    private mutating func remember(_ item: TodoItem) {
        idByUID[item.uid] = item.id
        if !item.isDone { openEntries[EntryKey(item), default: 0] += 1 }
    }

    private mutating func forget(_ item: TodoItem) {
        if idByUID[item.uid] == item.id { idByUID[item.uid] = nil }
        guard !item.isDone, let count = openEntries[EntryKey(item)] else { return }
        openEntries[EntryKey(item)] = count > 1 ? count - 1 : nil
    }

    private mutating func reindex() {
        indexByID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
    }
}
