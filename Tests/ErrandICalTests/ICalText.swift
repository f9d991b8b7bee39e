/// iCalendar test documents, written with CRLF as RFC 5545 wants.
enum ICalText {
    static func calendar(_ body: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + body + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    static func todo(_ lines: [String]) -> [String] {
        ["BEGIN:VTODO"] + lines + ["END:VTODO"]
    }

    /// A VTIMEZONE for New York (its 2007 rules).
    static let newYork = [
        "BEGIN:VTIMEZONE", "TZID:America/New_York",
        "BEGIN:STANDARD", "DTSTART:19701101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:19700308T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "END:DAYLIGHT", "END:VTIMEZONE",
    ]

    /// The shape a phone leaves behind: a todoman UID, an alarm, categories, a priority, an
    /// X- property and a DTSTART Errand does not model.
    static let phone = calendar(todo([
        "UID:3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop", "DTSTAMP:20261120T100000Z", "CREATED:20261120T100000Z",
        "LAST-MODIFIED:20261121T100000Z", "SUMMARY:Dentist", "DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261202",
        "PRIORITY:1", "CATEGORIES:health,family", "X-PHONE-COLOR:#ff0000",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM",
    ]))
}
