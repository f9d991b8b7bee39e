import ErrandDomain
import FoundationEssentials
import Synchronization

/// The later occurrence days libical found for each rich-rule series (LaterOccurrences), by
/// everything they depend on: a week shown again (every `view`, every change's refresh) asks the
/// iCalendar helper only about a series new or changed since, not once a screen (a spawn, some
/// 8 ms, had made every `view` of a store with such a series cost that: bench figure 2).
final class SeriesDaysCache: Sendable {
    struct Key: Hashable {
        let id: UUID
        let modified: Date
        let due: DueDay?
        let rule: String
        let window: ClosedRange<DueDay>
    }

    /// Past this many, the cache starts again: a window moves each day and series change.
    static let limit = 10_000
    private let days = Mutex<[Key: [DueDay]]>([:])

    static func key(_ item: TodoItem, _ window: ClosedRange<DueDay>) -> Key {
        Key(id: item.id, modified: item.modified, due: item.due, rule: item.repeats?.stored ?? "", window: window)
    }

    func days(of item: TodoItem, in window: ClosedRange<DueDay>) -> [DueDay]? {
        days.withLock { $0[Self.key(item, window)] }
    }

    func keep(_ found: [DueDay], of item: TodoItem, in window: ClosedRange<DueDay>) {
        days.withLock { days in
            if days.count >= Self.limit { days.removeAll() }
            days[Self.key(item, window)] = found
        }
    }
}
