import ErrandDomain
import ErrandHelpers
import FoundationEssentials

/// A series opens on one of its own days: `create Rent --every "2nd tuesday"` on a Sunday is
/// due on the next 2nd Tuesday, not that Sunday. iCalendar counts DTSTART as an occurrence
/// whether or not the rule names it, so a series left open on another day would show, sync
/// and be checked once on a day no occurrence falls.
enum RepeatStart {
    /// The first day on or after `day` that `repeats` falls on: stepped here for the units
    /// (only `weekday` can miss), asked of libical for a rule by the day. Refused in one line
    /// when the rule ends before `day`.
    static func first(_ repeats: Repeat, onOrAfter day: DueDay, command: String,
                      helper: () -> CalendarHelper) throws -> DueDay {
        guard !repeats.afterDone else { return day }
        guard repeats.rule != nil else {
            var first = day
            while repeats.unit == .weekday, first.weekday == 0 || first.weekday == 6 { first = first.adding(days: 1) }
            return first
        }
        // Walked from `day` itself (a rule's week or month, its INTERVAL, count from its
        // start), which is kept only when the rule falls on it; four years and a day reach any
        // rule's next day (Feb 29).
        let from = TodoItem(id: UUID(), title: "", due: day, created: Date(), repeats: repeats)
        let found: [[DueDay]]
        do {
            found = try helper().occurrenceDays([from], in: day...day.adding(days: 1_462), withOpen: true)
        } catch {
            throw ShellError.failed("\(command): cannot find the series's first day (\(error))")
        }
        guard let first = found.first?.first else {
            throw ShellError.usage("\(command): \"\(repeats)\" has no day on or after \(day.iso): its end comes first")
        }
        return first
    }
}
