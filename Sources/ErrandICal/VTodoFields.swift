import CLibical
import ErrandDomain
import FoundationEssentials

/// A VTODO's properties as Errand sees them. The reader turns them into an item; the writer
/// compares an edited item with them and rewrites only the properties whose meaning changed,
/// so everything else (parameters, a DUE in another zone, alarms, categories) stays as it came.
struct VTodoFields: Equatable {
    var uid: String?
    var title: String
    var notes: String?
    var due: DueDay?
    var time: TimeOfDay?
    var location: Location?
    var done: Bool
    var created: Date?
    var modified: Date?
    var stamp: Date?
    var repeats: Repeat?
    /// The declared fields (priority, tags), as the VTODO's lines give them.
    var declared = ItemFieldValues()
    /// The day came from DTSTART: a repeating VTODO with a start and no DUE (Thunderbird's).
    var dueFromStart = false

    /// Reads `todo`; text is made safe for a terminal and cut to Errand's limits. `overrides`:
    /// the VTODOs of the same UID with a RECURRENCE-ID (Thunderbird and eM Client record a
    /// finished occurrence so): the series is due on its first occurrence none of them completed.
    /// `structured`: Apple's structured location, read from the lines as written
    /// (StructuredLocation): the place and coordinates where LOCATION or GEO leave them out.
    init(_ todo: OpaquePointer, overrides: [OpaquePointer] = [], zone: ICalZone, declared: ItemFieldValues = ItemFieldValues(),
         structured: Location? = nil) {
        self.declared = declared
        uid = icalcomponent_get_uid(todo).map { String(cString: $0) }
        // SUMMARY is optional in RFC 5545; an item needs a title.
        title = VTodoFields.line(icalcomponent_get_summary(todo), limit: TodoItem.maxTitle) ?? VTodoFields.untitled
        notes = VTodoFields.notes(icalcomponent_get_description(todo))
        if let (day, time) = zone.due(icalcomponent_get_due(todo)) {
            due = day
            self.time = time
        }
        location = VTodoFields.location(todo).map { Location(name: $0.name, coordinate: $0.coordinate ?? structured?.coordinate) }
            ?? structured
        let status = icalcomponent_get_status(todo)
        done = status == ICAL_STATUS_COMPLETED || status == ICAL_STATUS_CANCELLED
            || icalcomponent_get_first_property(todo, ICAL_COMPLETED_PROPERTY) != nil
        // Cancelled is closed, IN-PROCESS is begun while open (ItemState): read as the item
        // keeps them, so an unchanged VTODO compares equal and goes back as it came.
        if status == ICAL_STATUS_CANCELLED {
            self.declared[.status] = .text("cancelled")
        } else if status == ICAL_STATUS_INPROCESS, !done {
            self.declared[.status] = .text("started")
        }
        created = VTodoFields.moment(todo, ICAL_CREATED_PROPERTY, icalproperty_get_created)
        modified = VTodoFields.moment(todo, ICAL_LASTMODIFIED_PROPERTY, icalproperty_get_lastmodified)
        stamp = VTodoFields.moment(todo, ICAL_DTSTAMP_PROPERTY, icalproperty_get_dtstamp)
        repeats = VTodoFields.repeats(todo, due: due)
        let start = zone.due(icalcomponent_get_dtstart(todo)).map { DayTime(day: $0.day, time: $0.time) }
        // A DTSTART equal to DUE is no start of its own: Apple Reminders and eM Client write
        // one beside every DUE, and Errand beside every RRULE (RFC 5545 wants it there).
        if let start, due.map({ DayTime(day: $0, time: time) }) != start {
            self.declared[.start] = .text(start.text)
        }
        if due == nil, let (day, time) = zone.due(icalcomponent_get_dtstart(todo)),
           let rule = VTodoFields.repeats(todo, due: day) {
            due = day
            self.time = time
            repeats = rule
            dueFromStart = true
            self.declared[.start] = nil
        }
        if let rule = repeats, let due {
            // A rule with no occurrence left (its COUNT reached, its UNTIL passed, every one
            // done) is a finished series, whatever its STATUS says.
            guard let open = VTodoFields.firstOpen(due, rule, todo: todo, overrides: overrides, zone: zone) else {
                done = true
                if self.declared[.status]?.text == "started" { self.declared[.status] = nil }
                return
            }
            // The start keeps its distance from the due day, as a new occurrence's does.
            if case let .text(text)? = self.declared[.start], let start = DayTime(text: text), open != due {
                self.declared[.start] = .text(DayTime(day: start.day.adding(days: open.dayNumber - due.dayNumber), time: start.time).text)
            }
            self.due = open
        }
    }

    /// The occurrence after those the overrides completed. A RECURRENCE-ID names an occurrence
    /// by its start (DTSTART's day when there is one), in the series's own local time: read in
    /// that time (an override's TZID may not resolve apart from its series, and a start at
    /// 17:00 in Chicago is the next day in Paris) and moved by the distance from that start
    /// to the due day in the user's zone.
    static func firstOpen(_ due: DueDay, _ rule: Repeat, todo: OpaquePointer, overrides: [OpaquePointer],
                          zone: ICalZone) -> DueDay? {
        if let rich = rule.rule {
            let done = overrides.filter(completed).compactMap { ICalOccurrences.day(icalcomponent_get_recurrenceid($0))?.dayNumber }
            return ICalOccurrences.firstOpen(rich, todo: todo, due: due, done: Set(done))
        }
        let start = ICalOccurrences.anchor(todo).flatMap(ICalOccurrences.day) ?? due
        var done = Set<Int>()
        for override in overrides {
            guard completed(override), let occurrence = ICalOccurrences.day(icalcomponent_get_recurrenceid(override)) else { continue }
            done.insert(occurrence.dayNumber + due.dayNumber - start.dayNumber)
        }
        var day = due
        // Each step passes one completed occurrence at most: bounded by their number.
        for _ in 0...done.count where done.contains(day.dayNumber) {
            day = rule.next(after: day, checkedOn: day)
        }
        return day
    }

    /// An occurrence recorded apart is finished: STATUS:COMPLETED, or a COMPLETED moment.
    static func completed(_ override: OpaquePointer) -> Bool {
        icalcomponent_get_status(override) == ICAL_STATUS_COMPLETED
            || icalcomponent_get_first_property(override, ICAL_COMPLETED_PROPERTY) != nil
    }

    static let untitled = "(untitled)"

    /// What the item owns, without the times: whether an edit changed anything.
    static func owned(_ f: VTodoFields) -> VTodoFields {
        var copy = f
        copy.uid = nil
        copy.created = nil
        copy.modified = nil
        copy.stamp = nil
        copy.dueFromStart = false
        return copy
    }

    /// The fields an item has, for comparing with what a VTODO says.
    init(_ item: TodoItem) {
        uid = item.uid
        title = item.title
        notes = item.notes
        due = item.due
        time = item.time
        location = item.location
        done = item.isDone
        created = item.created
        modified = item.modified
        repeats = item.repeats
        declared = item.fields
    }

    static func moment(_ todo: OpaquePointer, _ kind: icalproperty_kind,
                       _ get: (OpaquePointer?) -> icaltimetype) -> Date? {
        guard let property = icalcomponent_get_first_property(todo, kind) else { return nil }
        return ICalZone.moment(get(property)).flatMap { Clock.supportedSeconds.contains($0.timeIntervalSince1970) ? $0 : nil }
    }

    /// One line of text (a title, a place): control characters and line breaks neutralised.
    static func line(_ text: UnsafePointer<CChar>?, limit: Int) -> String? {
        guard let text else { return nil }
        let safe = safeLine(String(cString: text))
        // In NFC, as an item holds it: a decomposed SUMMARY would read as changed by every export.
        return safe.isEmpty ? nil : cut(CanonicalText.nfc(safe), limit)
    }

    /// Control characters and line breaks neutralised, trimmed, in NFC.
    static func safeLine(_ text: String) -> String {
        CanonicalText.nfc(TextSafety.trimmed(TextSafety.neutralised(text, asSpace: ["\n", "\r", "\t"])))
    }

    static func notes(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text else { return nil }
        let plain = String(cString: text).replacing("\r\n", with: "\n")
        let safe = TextSafety.neutralised(plain, keep: ["\n", "\t"], asSpace: ["\r"])
        return TextSafety.trimmed(safe).isEmpty ? nil : cut(CanonicalText.nfc(safe), TodoItem.maxNotes)
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// LOCATION, with GEO when it holds real coordinates. GEO alone names the place by them.
    static func location(_ todo: OpaquePointer) -> Location? {
        var coordinate: Coordinate?
        if let geo = icalcomponent_get_first_property(todo, ICAL_GEO_PROPERTY) {
            let g = icalproperty_get_geo(geo)
            coordinate = try? Coordinate(latitude: g.lat, longitude: g.lon)
        }
        let name = line(icalcomponent_get_location(todo), limit: TodoItem.maxTitle)
            ?? coordinate.map { "\($0.latitude),\($0.longitude)" }
        return name.map { Location(name: $0, coordinate: coordinate) }
    }

    static func repeats(_ todo: OpaquePointer, due: DueDay?) -> Repeat? {
        guard icalcomponent_count_properties(todo, ICAL_RRULE_PROPERTY) == 1,
              let property = icalcomponent_get_first_property(todo, ICAL_RRULE_PROPERTY) else { return nil }
        // A series that adds or removes days is walked by libical, which follows both.
        let walked = icalcomponent_get_first_property(todo, ICAL_RDATE_PROPERTY) != nil
            || icalcomponent_get_first_property(todo, ICAL_EXDATE_PROPERTY) != nil
        return ICalRepeat.repeatRule(icalproperty_get_rrule(property), afterDone: afterDone(todo), due: due, walked: walked)
    }

    static func afterDone(_ todo: OpaquePointer) -> Bool {
        // libical hands back C strings as implicitly unwrapped pointers: each is checked.
        guard let property = xProperty(todo, ICalRepeat.afterDoneProperty), let value = icalproperty_get_x(property) else {
            return false
        }
        return String(cString: value).uppercased() == "TRUE"
    }

    static func xProperty(_ todo: OpaquePointer, _ name: String) -> OpaquePointer? {
        var property = icalcomponent_get_first_property(todo, ICAL_X_PROPERTY)
        while let current = property {
            if let x = icalproperty_get_x_name(current), String(cString: x).uppercased() == name { return current }
            property = icalcomponent_get_next_property(todo, ICAL_X_PROPERTY)
        }
        return nil
    }
}
