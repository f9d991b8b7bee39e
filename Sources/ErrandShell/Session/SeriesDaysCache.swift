import ErrandDomain
import FoundationEssentials
import Synchronization

/// The later occurrence days libical found for each rich-rule series (LaterOccurrences), by
/// what they depend on (Key): a week shown again (every `view`, every change's refresh) asks the
/// iCalendar helper only about a series new or changed since, not once a screen (a spawn, some
/// 8 ms, had made every `view` of a store with such a series cost that: bench figure 2).
final class SeriesDaysCache: Sendable {
    /// What a series's days are made of: its rule, its due day and start, and the VTODO it
    /// keeps (EXDATEs, overrides); not its title or tags, so an edit of those, or a check
    /// undone, finds the days already known.
    struct Key: Hashable {
        let id: UUID
        let due: DueDay?
        let start: DayTime?
        let rule: String
        let kept: Int?
        let window: ClosedRange<DueDay>
    }

    /// Past this many, the cache starts again: a window moves each day and series change.
    static let limit = 10_000
    private let days = Mutex<[Key: [DueDay]]>([:])

    static func key(_ item: TodoItem, _ window: ClosedRange<DueDay>) -> Key {
        Key(id: item.id, due: item.due, start: item.start, rule: item.repeats?.stored ?? "", kept: item.icalendar?.hashValue,
            window: window)
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
