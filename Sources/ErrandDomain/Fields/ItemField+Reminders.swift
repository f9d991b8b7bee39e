import FoundationEssentials

/// Reminders: each some time before the due time (`--remind 30m`) or the start
/// (`--remind "15m before start"`), or at a moment (`--remind "dec 3 08:00"`), synced as VALARMs (errand-ical keeps another client's alarms
/// byte for byte and writes ours as new ones). A limit keeps a server's 10,000 alarms from
/// turning into 10,000 notifications.
extension ItemField {
    public static let maxReminders = 20

    public static let reminders = ItemField(
        name: "reminders", label: "Remind", kind: .reminders(maxCount: maxReminders), icalProperty: nil, merge: .asSet,
        option: FieldOption(name: "remind", clear: "no-remind", valueName: "WHEN",
                            help: "a reminder: 30m, 2h, 1d or 0 before the due time, \"15m before start\" (or after), or a day and time "
                                + "(\"dec 3 08:00\"); repeat --remind",
                            repeatable: true, words: ["0", "15m", "30m", "1h", "2h", "1d"], asked: false,
                            // Without a today to read `dec 3` against, only the canonical forms
                            // (`-PT30M`, `2026-12-03T08:00`); the shell reads through parseDated.
                            parse: { text throws(DomainError) in .words([try Reminder(text: TextSafety.trimmed(text)).text]) },
                            parseDated: { text, today, local throws(DomainError) in
                                .words([try Reminder.typed(text, today: today, local: local).text])
                            }),
        mark: { _ in "⏰" },
        // One line each (the detail gives each line its label): `Remind  30 min before`.
        detail: { value in
            (value.words ?? []).compactMap { try? Reminder(text: $0) }.map { $0.detail() }.joined(separator: "\n")
        })
}

extension TodoItem {
    /// In the order given, each once; empty when none. Texts a store holds were checked on
    /// the way in (ItemField.checked), so none is dropped here.
    public var reminders: [Reminder] {
        get { (fields[.reminders]?.words ?? []).compactMap { try? Reminder(text: $0) } }
        set { fields[.reminders] = newValue.isEmpty ? nil : .words(newValue.map(\.text)) }
    }

    /// Whether a reminder is still to ring: the item is open and one rings after `clock`'s
    /// minute and after the last that rang. Lists mark such an item. Counted in local minutes,
    /// as `remind` rings them, so the mark and the ringing agree across a change of UTC offset.
    public func hasPendingReminder(clock: Clock) -> Bool {
        guard !isDone, fields[.reminders] != nil || fields[.snoozed] != nil else { return false }
        let after = max(Reminder.minute(of: clock.now, clock: clock), reminded ?? Int.min)
        return reminderMinutes.contains { $0.minute > after }
    }
}
