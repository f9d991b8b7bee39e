/// One reminder `remind` reports: the item (as it is once marked rung), which reminder and
/// the local minute it rang at (Reminder.minute).
public struct RangReminder: Equatable, Sendable {
    public let item: TodoItem
    public let reminder: Reminder
    public let minute: Int

    public init(item: TodoItem, reminder: Reminder, minute: Int) {
        self.item = item
        self.reminder = reminder
        self.minute = minute
    }

    /// The local moment it rang at.
    public var moment: (day: DueDay, time: TimeOfDay)? {
        guard case let .at(day, time)? = Reminder.moment(minute: minute) else { return nil }
        return (day, time)
    }
}
