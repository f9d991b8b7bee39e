import ErrandDomain
import FoundationEssentials

extension ItemStore {
    /// Rings what is due by `now`: `announce` writes it out inside the same write as marks it
    /// rung, before that write commits, so a reminder is marked only once it was shown. If
    /// `announce` throws (the output could not be written) or the process dies before the
    /// commit, nothing is marked and the next run rings it again: at least once, never zero
    /// times; another `remind` waits for the write and finds it rung. Marked at `realNow` at
    /// the latest (see ItemRecords.ringReminders); journaled as `journal` when given, so undo
    /// brings the reminders back.
    public func ringReminders(at now: Date, clock: Clock, realNow: Date, journaled journal: JournalContext? = nil,
                              announce: ([RangReminder]) throws -> Void = { _ in }) throws -> [RangReminder] {
        guard try hasRemindersToRing(at: now, clock: clock) else { return [] }
        let minute = Reminder.minute(of: now, clock: clock)
        let acknowledged = Reminder.minute(of: realNow, clock: clock)
        return try changeItems(journaled: journal) { records in
            let rang = try records.ringReminders(by: minute, acknowledged: acknowledged, at: now)
            if !rang.isEmpty { try announce(rang) }
            return rang
        }
    }

    /// What `ringReminders` would ring now, marking nothing (`remind --dry-run`).
    public func remindersToRing(at now: Date, clock: Clock) throws -> [RangReminder] {
        let minute = Reminder.minute(of: now, clock: clock)
        return try readRecords { try $0.remindersToRing(by: minute) }
    }

    /// Whether a reminder is due by `now` and has not rung: a read, no lock taken.
    public func hasRemindersToRing(at now: Date, clock: Clock) throws -> Bool {
        let minute = Reminder.minute(of: now, clock: clock)
        return try readRecords { try !$0.itemsToRemind(by: minute).isEmpty }
    }
}
