/// The start: the day (and time) an item can be begun, iCalendar's DTSTART. Until its day the
/// item is listed marked `starts Fri` and left out of the week's counts (tasks.org's "hide
/// until"); an item with a start and no due day is listed on its start day. Written to and
/// read from DTSTART by errand-ical itself (VTodoFields, VTodoEdit): the property holds a
/// moment in a zone, not a value text, so it is no line of DeclaredLines.
extension ItemField {
    public static let start = ItemField(
        name: "start", label: "Starts", kind: .dayTime, icalProperty: nil,
        option: FieldOption(name: "start", clear: "no-start", valueName: "DATE",
                            help: "start day, optionally with HH:MM: until then it is hidden from the week's counts "
                                + "(without --date the item has no due day and is listed on its start day)",
                            parse: { text throws(DomainError) in
                                guard let start = DayTime(text: TextSafety.trimmed(text)) else {
                                    throw .invalidField("the start is a day YYYY-MM-DD, optionally with THH:MM: got \"\(text.prefix(40))\"")
                                }
                                return .text(start.text)
                            },
                            parseDated: { text, today, words throws(DomainError) in
                                let when = try DateInputParser.parse(text, today: today, local: words)
                                return .text(DayTime(day: when.day, time: when.time).text)
                            }),
        // Lists say `starts Fri` from the day the list is shown (TextPresenter): no mark of its own.
        mark: { _ in "" },
        detail: { value in value.text.flatMap(DayTime.init(text:)).map(\.description) ?? "" })
}

extension TodoItem {
    /// When it can be begun, if that is set.
    public var start: DayTime? {
        get { fields[.start]?.text.flatMap(DayTime.init(text:)) }
        set { fields[.start] = newValue.map { .text($0.text) } }
    }

    /// The day it is listed on: its due day, else its start day; nil for No date.
    public var listDay: DueDay? { due ?? start?.day }

    /// Whether its start is a day after `today`: listed `starts Fri`, not counted yet.
    public func startsAfter(_ today: DueDay) -> Bool { start.map { $0.day > today } ?? false }
}
