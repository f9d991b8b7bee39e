import ErrandDomain
import FoundationEssentials

extension ItemStore {
    /// Rings every reminder due by `now` on `clock`, each once, marking them rung in the same
    /// write (ItemRecords.ringReminders). Read first: with nothing to ring, as a cron job every
    /// minute mostly finds, it reads one index entry and takes no write lock.
    public func ringReminders(at now: Date, clock: Clock) throws -> [RangReminder] {
        guard try hasRemindersToRing(at: now, clock: clock) else { return [] }
        let minute = Reminder.minute(of: now, clock: clock)
        return try changeItems { try $0.ringReminders(by: minute, at: now) }
    }

    /// Whether a reminder is due by `now` and has not rung: a read, no lock taken.
    public func hasRemindersToRing(at now: Date, clock: Clock) throws -> Bool {
        let minute = Reminder.minute(of: now, clock: clock)
        return try readRecords { try !$0.itemsToRemind(by: minute).isEmpty }
    }
}
