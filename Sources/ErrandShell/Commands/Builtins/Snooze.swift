import ErrandDomain

/// `snooze N... [WHEN]`: put off items' reminders: what rang (or is due) is dismissed and the
/// item rings again in WHEN (10m by default, 1h, 1d) or at a moment ("18:00", "dec 3 08:00"),
/// once. Written as Thunderbird's X-MOZ-SNOOZE-TIME, so the phone and the desktop agree.
struct Snooze: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let when = ArgumentSpec("WHEN", .text, optional: true, rest: true,
                                   help: "how long (10m, 1h, 1d; default 10m) or a day and time (18:00, dec 3 08:00)")
    static let defaultWait = 600
    static let spec = CommandSpec(
        "snooze", summary: "put off rows' reminders: ring again in 10m (or WHEN), once",
        details: "What rang is dismissed; the item rings again at the time given, once (remind prints it). "
            + "Only an open item whose reminder has rung can be snoozed (one still to come is moved with "
            + "edit N --remind). Undone by undo.",
        arguments: [rows, when], effect: .changesStore, undoable: true) { values in
        Snooze(listed: try values.items(rows), when: values.text(when))
    }

    let listed: [TodoItem]
    let when: String?

    func run(_ c: inout CommandContext) throws -> Display {
        let clock = c.environment.clock
        let now = clock.now
        let minute = Reminder.minute(of: now, clock: clock)
        let until = try Snooze.target(when, from: minute, today: c.today, words: c.environment.labeler.inputWords)
        let changes: [(edited: TodoItem, listed: TodoItem)] = try listed.map { item in
            guard !item.isDone else { throw ShellError.usage("snooze: \"\(item.title)\" is done: nothing rings for it") }
            guard !item.reminders.isEmpty else {
                throw ShellError.usage("snooze: \"\(item.title)\" has no reminder to put off (add one with edit N --remind 30m)")
            }
            // Snoozing dismisses what rang: one still to come would be spent unheard.
            guard item.reminderMinutes.contains(where: { $0.minute <= minute }) else {
                throw ShellError.usage("snooze: \"\(item.title)\" has not rung yet: edit N --remind WHEN moves its reminder")
            }
            var snoozed = item
            snoozed.reminded = max(item.reminded ?? minute, minute)
            snoozed.snoozed = until
            return (edited: snoozed, listed: item)
        }
        let saved = try c.change { try $0.edit(changes, at: now, journaled: $1) }
        let at = Reminder.moment(minute: until).map { $0.detail(labeler: c.environment.labeler) } ?? ""
        return try c.refresh(message: "snoozed \(Plural.naming(saved)) until \(at)")
    }

    /// The local minute WHEN names: a wait from `minute`, or a moment after it, within a week
    /// (a snooze is for today's nagging, not a new due day).
    static func target(_ when: String?, from minute: Int, today: DueDay, words: LocalDateWords) throws(ShellError) -> Int {
        let text = when.map(TextSafety.trimmed) ?? ""
        let reminder: Reminder
        do {
            reminder = text.isEmpty ? .before(seconds: defaultWait) : try Reminder.typed(text, today: today, local: words)
        } catch {
            throw .usage("snooze: WHEN is how long (10m, 1h, 1d) or a day and time (18:00, dec 3 08:00): got \"\(text.prefix(40))\"")
        }
        let target = switch reminder {
        case let .before(seconds), let .beforeStart(seconds): minute + Int((Double(seconds) / 60).rounded(.up))
        case let .at(day, time): Reminder.minute(day, time)
        }
        guard target > minute else { throw .usage("snooze: \"\(text.prefix(40))\" is not to come: give a wait (10m) or a later time") }
        guard target - minute <= 7 * 1_440 else { throw .usage("snooze: at most a week ahead (for later, edit N --remind)") }
        return target
    }
}
