import ErrandDomain
import Foundation

/// The undo journal of a property-list store, kept in its document beside the items so that
/// one write of the file lands both.
struct PlistJournal: Codable {
    struct Entry: Codable {
        var id: Int64
        var time: Date
        var command: String
        var undone: Bool
        var changes: [StoredChange]
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
    mutating func append(_ changes: [ItemChange], context: JournalContext?) {
        guard let context, !changes.isEmpty else { return }
        entries.removeAll(where: \.undone)
        let id = (entries.last?.id ?? 0) + 1
        entries.append(Entry(id: id, time: context.time, command: context.command, undone: false,
                             changes: changes.map(StoredChange.init)))
        if entries.count > JournalEntry.capacity { entries.removeFirst(entries.count - JournalEntry.capacity) }
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

    private func decoded(_ entry: Entry, path: String) throws -> JournalEntry {
        let changes = try entry.changes.map { try $0.checked(path: path) }
        return JournalEntry(id: entry.id, time: entry.time, command: entry.command, changes: changes, undone: entry.undone)
    }
}
