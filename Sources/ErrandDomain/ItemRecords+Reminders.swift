import FoundationEssentials

extension ItemRecords {
    /// Every reminder that rings by the local `minute` and has not rung, each once: the items
    /// are marked rung (TodoItem.reminded) in the caller's write, the one that reports them,
    /// so a second process, a restart or a later run finds them rung, and a missed run rings
    /// them at the next. A damaged item is left for the user to mend (writing it would keep
    /// what its damage lost); its reminders ring once it is.
    public mutating func ringReminders(by minute: Int, at now: Date) throws -> [RangReminder] {
        var rang: [RangReminder] = []
        for candidate in try itemsToRemind(by: minute) where candidate.damage == nil {
            let due = candidate.remindersDue(by: minute)
            var item = candidate
            item.reminded = minute
            // Rung, a snooze is spent (Thunderbird clears it on dismissal too).
            if let snoozed = item.snoozed, snoozed <= minute { item.snoozed = nil }
            if !due.isEmpty { item.modified = TodoItem.wholeSeconds(now) }
            try update(item)
            rang += due.map { RangReminder(item: item, reminder: $0.reminder, minute: $0.minute) }
        }
        return rang.sorted { ($0.minute, $0.item.title) < ($1.minute, $1.item.title) }
    }
}
