import FoundationEssentials

/// A reminder put off: the local moment the item rings again, after its reminders rang.
/// `snooze N 10m` sets it; it rings once, like a reminder at a moment, and ringing clears it.
/// Synced as Thunderbird's X-MOZ-SNOOZE-TIME (UTC, converted by errand-ical), so a snooze
/// made in Thunderbird rings here too, and one made here rings there. No option: `snooze`
/// sets it.
extension ItemField {
    public static let snoozed = ItemField(
        name: "snoozed", label: "Snoozed", kind: .reminders(maxCount: 1), icalProperty: nil, option: nil,
        mark: { _ in "" },
        detail: { value in
            (value.words ?? []).compactMap { try? Reminder(text: $0) }.map { "until " + $0.detail() }.joined(separator: "\n")
        })
}

extension TodoItem {
    /// The local minute (Reminder.minute) the item rings again, or nil.
    public var snoozed: Int? {
        get {
            guard let text = fields[.snoozed]?.words?.first, case let .at(day, time)? = try? Reminder(text: text) else { return nil }
            return Reminder.minute(day, time)
        }
        set {
            fields[.snoozed] = newValue.flatMap(Reminder.moment(minute:)).map { .words([$0.text]) }
        }
    }
}
