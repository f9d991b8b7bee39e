import ErrandDomain

extension FieldChanges {
    /// A reminder typed here before the due time needs a due time to count from: `30m` before
    /// a day would be 23:30 the day before, which nobody means. (One read from another
    /// client on an all-day item counts from the day's start, as RFC 5545 says; it is kept.)
    /// Also refused: an edit that takes the time away from an item whose reminders count from it.
    func checkReminders(_ item: TodoItem, was before: TodoItem?, command: String) throws(ShellError) {
        guard item.time == nil, item.due != nil, item.reminders.contains(where: \.isRelative) else { return }
        let typed = values[.reminders] != nil
        guard typed || before?.time != nil else { return }
        throw .usage("\(command): a reminder before the due time needs a due time: give --\(command == "edit" ? "time HH:MM" : "date \"DAY HH:MM\"")"
                     + ", or remind at a moment (--remind \"dec 3 08:00\")")
    }
}
