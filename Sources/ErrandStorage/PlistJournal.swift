import ErrandDomain
import FoundationEssentials

/// The undo journal of a property-list store, kept in its document beside the items so that
/// one write of the file lands both.
struct PlistJournal: Codable {
    struct Entry: Codable {
        var id: Int64
        var time: Date
        var command: String
        var undone: Bool
        var changes: [StoredChange]
        /// Absent in entries that save or forget no search (and in older files).
        var searches: [SavedSearchChange]?
    }

    private(set) var entries: [Entry] = []

    init() {}

    init(from decoder: Decoder) throws {
        entries = try decoder.singleValueContainer().decode([Entry].self)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(entries)
    }

    /// A new change ends what redo could apply; the journal keeps its newest entries.
    mutating func append(_ changes: [ItemChange], context: JournalContext?, path: String) throws {
        guard let context, !changes.isEmpty else { return }
        let id = try nextID(path: path)
        endRedo()
        entries.append(Entry(id: id, time: context.time, command: context.command, undone: false,
                             changes: changes.map(StoredChange.init)))
        if entries.count > JournalEntry.capacity { entries.removeFirst(entries.count - JournalEntry.capacity) }
    }

    /// The same for a saved search saved or forgotten.
    mutating func append(_ search: SavedSearchChange, context: JournalContext?, path: String) throws {
        guard let context else { return }
        let id = try nextID(path: path)
        endRedo()
        entries.append(Entry(id: id, time: context.time, command: context.command, undone: false, changes: [],
                             searches: [search]))
        if entries.count > JournalEntry.capacity { entries.removeFirst(entries.count - JournalEntry.capacity) }
    }

    /// A change undo cannot revert (`star`): an entry without changes (JournalEntry.isIrreversible),
    /// so that undo refuses instead of reverting the change before it.
    mutating func appendIrreversible(context: JournalContext?, path: String) throws {
        guard let context else { return }
        let id = try nextID(path: path)
        endRedo()
        entries.append(Entry(id: id, time: context.time, command: context.command, undone: false, changes: []))
        if entries.count > JournalEntry.capacity { entries.removeFirst(entries.count - JournalEntry.capacity) }
    }

    /// A new change ends what redo could apply, and the mark of a change undo cannot revert
    /// once another change follows it.
    private mutating func endRedo() {
        entries.removeAll(where: \.undone)
        if let last = entries.last, last.changes.isEmpty, last.searches == nil { entries.removeLast() }
    }

    /// The id the next entry gets. The last one comes from the file: a hand-edited Int64.max
    /// refuses the change in one line instead of trapping. A batch asks before the change
    /// runs, since it changes its items in place.
    func nextID(path: String) throws -> Int64 {
        let last = entries.last(where: { !$0.undone })?.id ?? 0
        let (id, overflow) = last.addingReportingOverflow(1)
        if overflow {
            throw StoreError.io(path: path, reason: "the undo journal's last entry number is at its largest (\(last)); "
                + "lower it by hand")
        }
        return id
    }

    mutating func mark(_ id: Int64, undone: Bool) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].undone = undone
    }

    func entry(for step: JournalStep, path: String) throws -> JournalEntry? {
        let found = switch step {
        case .undo: entries.last(where: { !$0.undone })
        case .redo: entries.first(where: \.undone)
        }
        return try found.map { try decoded($0, path: path) }
    }

    func newest(_ limit: Int, path: String) throws -> [JournalEntry] {
        try entries.suffix(max(limit, 0)).reversed().map { try decoded($0, path: path) }
    }

    /// As newest, each entry counted a change at a time rather than decoded whole.
    func newestInBrief(_ limit: Int, path: String) throws -> [JournalEntry] {
        try entries.suffix(max(limit, 0)).reversed().map { stored in
            var tally = ChangeTally()
            for change in stored.changes { tally.count(try change.checked(path: path)) }
            var entry = JournalEntry(id: stored.id, time: stored.time, command: stored.command, changes: [],
                                     searches: stored.searches ?? [], undone: stored.undone)
            entry.counted = tally
            return entry
        }
    }

    /// The items of entry `id` as JournalEntry.subjects names them, decoded one at a time.
    func eachSubject(of id: Int64, path: String, _ body: (TodoItem) throws -> Void) throws {
        guard let entry = entries.first(where: { $0.id == id }) else { throw StoreError.journalEntryGone(path: path) }
        let found = entry.changes.contains { $0.before != nil }
        for stored in entry.changes {
            let change = try stored.checked(path: path)
            if let item = found ? change.before : change.after { try body(item) }
        }
    }

    private func decoded(_ entry: Entry, path: String) throws -> JournalEntry {
        let changes = try entry.changes.map { try $0.checked(path: path) }
        return JournalEntry(id: entry.id, time: entry.time, command: entry.command, changes: changes,
                            searches: entry.searches ?? [], undone: entry.undone)
    }
}
