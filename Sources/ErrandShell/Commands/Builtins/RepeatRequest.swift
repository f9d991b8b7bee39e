import ErrandDomain
import ErrandFiles
import ErrandHelpers

/// The repeat a `create` or `edit` line asks for, declared once for both: `--every` in words
/// (Repeat's units, or a day said as `2nd tuesday`), or a raw `--rrule` that libical checks
/// (through the iCalendar helper, so libical stays out of errand's start), ended by `--times`
/// or `--until`.
struct RepeatRequest: Equatable, Sendable {
    static let rrule = OptionSpec("rrule", value: "RULE", help: "repeat by an RFC 5545 rule words cannot say "
                                  + "(FREQ=MONTHLY;BYDAY=2TU;BYMONTH=1,7), checked by libical")
    static let times = OptionSpec("times", value: "N", kind: .count(9999), help: "with a repeat: N occurrences in all, then done",
                                  prompt: "Times in all (optional): ")
    static let until = OptionSpec("until", value: "DATE", kind: .date, help: "with a repeat: none after DATE",
                                  prompt: "Until (optional): ")
    static let options = [rrule, times, until]
    /// What ends a repeat: a form asks them only of an item that repeats.
    static let endings = [times, until]

    /// The ending's value as a form offers it for editing: the rule's COUNT or UNTIL day.
    static func current(_ option: OptionSpec, of item: TodoItem) -> String {
        guard let rule = item.repeats?.rule else { return "" }
        if option == times { return rule.count.map(String.init) ?? "" }
        return rule.until?.iso ?? ""
    }

    var every: String?
    var rrule: String?
    var times: Int?
    var until: DueDay?
    var afterDone = false

    init() {}

    init(_ values: ArgumentValues, every: OptionSpec, afterDone: OptionSpec) {
        self.every = values.text(every)
        rrule = values.text(RepeatRequest.rrule)
        times = values.count(RepeatRequest.times)
        until = values.date(RepeatRequest.until)?.day
        self.afterDone = values.has(afterDone)
    }

    /// Nothing asked: an edit keeps the item's repeat.
    var isEmpty: Bool { every == nil && rrule == nil && times == nil && until == nil }

    /// The repeat asked for, `current` (an edit's) ended anew by --times or --until alone; nil
    /// when nothing repeats. Refused in one line: a rule libical does not take, an ending with
    /// nothing to end, an ending on an after-done repeat.
    func resolved(current: Repeat?, due: DueDay?, command: String, helper: @autoclosure () -> CalendarHelper) throws -> Repeat? {
        var base = current
        if let rrule {
            guard every == nil else { throw ShellError.usage("\(command): --every and --rrule both say how it repeats: give one") }
            do {
                base = Repeat(rule: try helper().checkRule(rrule))
            } catch let failure as FileFailure {
                throw ShellError.usage("\(command): --rrule: \(failure.reason)")
            }
        } else if let every {
            guard let made = Repeat(text: every, afterDone: afterDone, from: due) else {
                throw ShellError.usage("\(command): --after-done counts from a check, which \"\(every)\" cannot: "
                                       + "use day, weekday, week, month or year (or a number of them)")
            }
            base = made
        }
        guard times != nil || until != nil else { return base }
        guard let base else { throw ShellError.usage("\(command): --times and --until end a repeat: add --every or --rrule") }
        if let until, let due, until < due {
            throw ShellError.usage("\(command): --until \(until.iso) is before the first occurrence (\(due.iso))")
        }
        guard !base.afterDone, let ended = base.asRule?.ending(times: times, until: until) else {
            throw ShellError.usage("\(command): an --after-done repeat counts from each check and has no end to set")
        }
        return Repeat(rule: ended)
    }
}
