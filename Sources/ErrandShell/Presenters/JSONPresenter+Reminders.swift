import ErrandDomain

/// `remind`'s screen: each reminder that rang, with its item.
extension JSONPresenter {
    func reminders(_ rang: [RangReminder]) -> [(String, JSONValue)] {
        [("screen", .string("reminders")), ("reminders", .array(rang.map { one in
            .object([("rang", .string(one.moment.map { $0.day.iso + "T" + $0.time.description } ?? "")),
                     ("when", .string(one.reminder.text)), ("item", .object(JSONPresenter.fields(one.item)))])
        }))]
    }
}
