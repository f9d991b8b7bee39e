import FoundationEssentials

extension ItemRecords {
    /// The reminders due by `minute` that have not rung, each with its item, earliest first:
    /// what `remind` shows (and what `remind --dry-run` shows without marking them).
    public func remindersToRing(by minute: Int) throws -> [RangReminder] {
        var due: [RangReminder] = []
        for candidate in try itemsToRemind(by: minute) where candidate.damage == nil {
            due += candidate.remindersDue(by: minute).map { RangReminder(item: candidate, reminder: $0.reminder, minute: $0.minute) }
        }
        return due.sorted { ($0.minute, $0.item.title) < ($1.minute, $1.item.title) }
    }

    /// Marks what rang by `minute` as rung, acknowledged at `acknowledged` at the latest (the
    /// machine's own clock: a trial `--today` in the future never spends a reminder that has
    /// not rung in fact, which then rings at its time); returns what rang, earliest first.
    public mutating func ringReminders(by minute: Int, acknowledged: Int, at now: Date) throws -> [RangReminder] {
        let rang = try remindersToRing(by: minute)
        var marked: [UUID: TodoItem] = [:]
        for one in rang where marked[one.item.id] == nil {
            var item = one.item
            let mark = min(minute, acknowledged)
            if mark > (item.reminded ?? Int.min) {
                item.reminded = mark
                // Rung, a snooze is spent (Thunderbird clears it on dismissal too).
                if let snoozed = item.snoozed, snoozed <= mark { item.snoozed = nil }
                item.modified = TodoItem.wholeSeconds(now)
                try update(item)
            }
            marked[item.id] = item
        }
        return rang.map { RangReminder(item: marked[$0.item.id] ?? $0.item, reminder: $0.reminder, minute: $0.minute) }
    }
}
