import ErrandDomain

extension FieldChanges {
    /// A reminder typed here before the due time needs a due time to count from: `30m` before
    /// a day would be 23:30 the day before, which nobody means. (One read from another
    /// client on an all-day item counts from the day's start, as RFC 5545 says; it is kept.)
    /// Also refused: an edit that takes the time away from an item whose reminders count from it.
    /// The same for a reminder before the start and the start's time.
    func checkReminders(_ item: TodoItem, was before: TodoItem?, command: String) throws(ShellError) {
        let typed = values[.reminders] != nil
        if item.time == nil, item.due != nil, item.reminders.contains(where: { $0.isRelative && !$0.isFromStart }),
           typed || before?.time != nil {
            throw .usage("\(command): a reminder before the due time needs a due time: give --\(command == "edit" ? "time HH:MM" : "date \"DAY HH:MM\"")"
                         + ", or remind at a moment (--remind \"dec 3 08:00\")")
        }
        if let start = item.start, start.time == nil, item.reminders.contains(where: \.isFromStart),
           typed || before?.start?.time != nil {
            throw .usage("\(command): a reminder before the start needs a start time: give --start \"DAY HH:MM\""
                         + ", or remind at a moment (--remind \"dec 3 08:00\")")
        }
    }
}
