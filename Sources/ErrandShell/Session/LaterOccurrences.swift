import ErrandDomain
import ErrandStorage

/// The later occurrences of the open series that fall in a window (the week, a day): a daily
/// item is on each day it will be due, not only on its open one. Simple rules are stepped here
/// (Repeat.days); the others are asked of the iCalendar helper, once, and only when the window
/// has such a series. Of the list in use only.
struct LaterOccurrences {
    /// What a day's list says above them.
    static let heading = "Later occurrences of series open on an earlier day"

    /// The series with an occurrence on each day, in the store's order (by open day).
    private(set) var byDay: [DueDay: [TodoItem]] = [:]
    /// Why the rich rules' occurrences are left out, when the helper failed.
    private(set) var notice: String?

    init(_ c: CommandContext, in window: ClosedRange<DueDay>) throws {
        var series = try c.store.openSeries(dueThrough: window.upperBound)
        if let name = c.session.list {
            let term = ListNames.term(name, main: try c.mainList())
            series = series.filter(term.matches)
        }
        let today = c.today
        var rich: [TodoItem] = []
        for item in series {
            guard let due = item.due, let rule = item.repeats else { continue }
            if rule.rule != nil {
                rich.append(item)
            } else {
                for day in rule.days(after: due, today: today, in: window) { byDay[day, default: []].append(item) }
            }
        }
        defer {
            // In the store's order whichever way a day was found.
            let place = Dictionary(series.enumerated().map { ($1.id, $0) }) { a, _ in a }
            for (day, items) in byDay { byDay[day] = items.sorted { (place[$0.id] ?? 0) < (place[$1.id] ?? 0) } }
        }
        let cache = c.environment.seriesDays
        var asked: [TodoItem] = []
        for item in rich {
            guard let found = cache.days(of: item, in: window) else {
                asked.append(item)
                continue
            }
            for day in found { byDay[day, default: []].append(item) }
        }
        guard !asked.isEmpty else { return }
        do {
            let days = try c.environment.calendarHelper.occurrenceDays(asked, in: window)
            for (item, found) in zip(asked, days) {
                cache.keep(found, of: item, in: window)
                for day in found { byDay[day, default: []].append(item) }
            }
        } catch {
            notice = "later occurrences of \(Plural.items(asked.count)) not shown: \(error)"
        }
    }

    func count(on day: DueDay) -> Int { byDay[day]?.count ?? 0 }
}
