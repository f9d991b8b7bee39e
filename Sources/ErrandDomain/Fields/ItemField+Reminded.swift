import FoundationEssentials

/// When the item's reminders last rang (or were dismissed), as a local moment: a reminder
/// rings once, when its moment has come and is after this one. `remind` sets it in the same
/// write as it reports what rang, so no reminder rings twice or is lost, whichever process
/// runs it. Synced as Thunderbird's X-MOZ-LASTACK (errand-ical converts it from and to UTC),
/// which Thunderbird and tasks.org also read: dismissed here, they do not ring it again, and
/// a later one from them silences it here. No option: only `remind` sets it.
extension ItemField {
    public static let reminded = ItemField(
        name: "reminded", label: "Reminded", kind: .reminders(maxCount: 1), icalProperty: nil, option: nil,
        mark: { _ in "" },
        detail: { value in
            (value.words ?? []).compactMap { try? Reminder(text: $0) }.map { $0.detail() }.joined(separator: "\n")
        })
}

extension TodoItem {
    /// The local minute (Reminder.minute) the reminders last rang, or nil.
    public var reminded: Int? {
        get {
            guard let text = fields[.reminded]?.words?.first, case let .at(day, time)? = try? Reminder(text: text) else { return nil }
            return Reminder.minute(day, time)
        }
        set {
            fields[.reminded] = newValue.flatMap(Reminder.moment(minute:)).map { .words([$0.text]) }
        }
    }

    /// Each reminder with the local minute it rings, earliest first, a snooze among them (as
    /// a reminder at its moment).
    public var reminderMinutes: [(reminder: Reminder, minute: Int)] {
        var all: [(reminder: Reminder, minute: Int)] = reminders.compactMap { reminder in
            reminder.local(due: due, time: time, start: start).map { (reminder, Reminder.minute($0.day, $0.time)) }
        }
        if let snoozed, let moment = Reminder.moment(minute: snoozed) { all.append((moment, snoozed)) }
        return all.sorted { $0.minute < $1.minute }
    }

    /// The minute the next reminder rings (after the last that rang), nil when none will:
    /// what SQLite indexes, so `remind` with nothing to ring reads one index entry.
    public var nextReminderMinute: Int? {
        guard !isDone else { return nil }
        let after = reminded ?? Int.min
        return reminderMinutes.first { $0.minute > after }?.minute
    }

    /// The reminders that ring by `minute` and have not rung.
    public func remindersDue(by minute: Int) -> [(reminder: Reminder, minute: Int)] {
        guard !isDone else { return [] }
        let after = reminded ?? Int.min
        return reminderMinutes.filter { $0.minute > after && $0.minute <= minute }
    }
}
