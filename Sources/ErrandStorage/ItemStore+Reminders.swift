import ErrandDomain
import FoundationEssentials

extension ItemStore {
    /// Rings every reminder due by `now` on `clock`, each once, marking them rung in the same
    /// write (ItemRecords.ringReminders). Read first: with nothing to ring, as a cron job every
    /// minute mostly finds, it reads one index entry and takes no write lock.
    public func ringReminders(at now: Date, clock: Clock) throws -> [RangReminder] {
        let minute = Reminder.minute(of: now, clock: clock)
        guard try readRecords({ try !$0.itemsToRemind(by: minute).isEmpty }) else { return [] }
        return try changeItems { try $0.ringReminders(by: minute, at: now) }
    }
}
