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
    /// Each parent's children (TodoItem.parent): opening a parent reads its own, not every item.
    private var childrenByParent: [String: Set<UUID>] = [:]
    /// The sync state, changed with the items (see SyncRecords).
    public var ledger = SyncLedger()

    public init(items: [TodoItem] = []) {
        for item in items { put(item) }
    }

    public static func == (lhs: ItemManager, rhs: ItemManager) -> Bool {
        lhs.allInSections == rhs.allInSections
    }

    // MARK: reading

    public var toDoItems: [TodoItem] { items(ItemQuery(.open, in: .sections)) }
    public var doneItems: [TodoItem] { allInSections.filter(\.isDone) }
    public var toDoCount: Int { items.lazy.filter { !$0.isDone }.count }
    public var doneCount: Int { items.count - toDoCount }
    public var counts: ItemCounts { ItemCounts(toDo: toDoCount, done: doneCount) }

    /// The To do section followed by the Done section: the numbering the user sees.
    public var allInSections: [TodoItem] { items(.added) }

    public func item(id: UUID) -> TodoItem? {
        indexByID[id].map { items[$0] }
    }

    public func item(uid: String) -> TodoItem? {
        idByUID[uid].flatMap(item(id:))
    }

    /// What `query` selects, in its order.
    public func items(_ query: ItemQuery) -> [TodoItem] {
        items.filter(query.selection.contains).sorted(by: query.order.areInIncreasingOrder)
    }

    public func count(_ selection: ItemSelection) -> Int {
        items.lazy.filter(selection.contains).count
    }

    /// Open items per day for `days` consecutive days from `start`: every open item listed on
    /// the day, one not started yet included, so a day's count is what opening it lists
    /// (the list marks it `starts Thu Dec 10`).
    public func openCounts(from start: DueDay, days: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: max(days, 0))
        for item in items where !item.isDone {
            guard let due = item.listDay else { continue }
            let offset = due.dayNumber - start.dayNumber
            if offset >= 0, offset < counts.count { counts[offset] += 1 }
        }
        return counts
    }

    // MARK: records (the rules that use them are in ItemRecords+Rules.swift)

    public func hasOpenItem(withEntry key: EntryKey) -> Bool { openEntries[key] != nil }

    public func itemsToRemind(by minute: Int) -> [TodoItem] {
        items.filter { item in item.nextReminderMinute.map { $0 <= minute } ?? false }
    }

    public func children(of uid: String) -> [TodoItem] {
        (childrenByParent[uid] ?? []).compactMap(item(id:)).sorted(by: ItemOrder.sections.areInIncreasingOrder)
    }

    public func children(of parent: TodoItem, offset: Int, limit: Int) -> [CountedChild] {
        children(of: parent.uid).lazy.filter { $0.id != parent.id }.dropFirst(max(0, offset)).prefix(max(0, limit))
            .map { CountedChild(item: $0, count: childCount(of: $0.uid)) }
    }

    public func childCount(of uid: String) -> ChildCount {
        var count = ChildCount()
        for id in childrenByParent[uid] ?? [] {
            guard let child = item(id: id) else { continue }
            count.total += 1
            if child.isDone { count.done += 1 }
        }
        return count
    }

    /// A scan: the plist store reads every item for most things, and this is asked only of an
    /// item that keeps another client's RECURRENCE-ID VTODOs.
    public func occurrences(of seriesUID: String) -> [TodoItem] {
        items.filter { Occurrence.seriesUID(of: $0.uid) == seriesUID }
    }

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
        childrenByParent = [:]
        return removed
    }

    /// Puts items back exactly as they were (undo): same ids, sequences and states.
    public mutating func restore(_ restored: [TodoItem]) {
        for item in restored { put(item) }
    }

    private mutating func put(_ item: TodoItem) {
        let before = indexByID[item.id].flatMap { items[$0].list }
        ledger.changed(item.id, lists: [before, item.list].compactMap { $0.map(ItemField.key) })
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
        if let parent = item.parent { childrenByParent[parent, default: []].insert(item.id) }
        if !item.isDone { openEntries[EntryKey(item), default: 0] += 1 }
    }

    private mutating func forget(_ item: TodoItem) {
        if idByUID[item.uid] == item.id { idByUID[item.uid] = nil }
        if let parent = item.parent {
            childrenByParent[parent]?.remove(item.id)
            if childrenByParent[parent]?.isEmpty == true { childrenByParent[parent] = nil }
        }
        guard !item.isDone, let count = openEntries[EntryKey(item)] else { return }
        openEntries[EntryKey(item)] = count > 1 ? count - 1 : nil
    }

    private mutating func reindex() {
        indexByID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
    }
}
