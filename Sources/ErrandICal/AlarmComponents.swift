import CLibical
import ErrandDomain

/// Reminders (ItemField.reminders) as a VTODO's VALARM sub-components, read and written on
/// the text as written (RawComponent), not through libical: another client's alarm goes back
/// byte for byte, one removed here is dropped whole, one added here is a new VALARM
/// (ACTION:DISPLAY, TRIGGER relative to DUE or DTSTART, or absolute in UTC).
///
/// Read as a reminder: a DISPLAY or AUDIO alarm whose TRIGGER is a duration or a DATE-TIME. A
/// duration relative to DTSTART (`RELATED=START`, RFC 5545's default, as Thunderbird and Apple
/// write it on a task with a start) counts from the item's start when it has one of its own,
/// else from its due time (a DTSTART equal to DUE, or none); `RELATED=END` from its due time.
/// Kept but not shown: EMAIL and PROCEDURE alarms and Apple's location alarms
/// (X-APPLE-PROXIMITY, whose TRIGGER is a placeholder in 1976).
struct AlarmComponents {
    let zone: ICalZone

    /// Whether the item read from the VTODO has a due day: without one a duration from DUE
    /// counts from nothing Errand holds, so such an alarm is kept, not shown.
    let dated: Bool
    /// Whether it has a start of its own (ItemField.start, read from DTSTART by VTodoFields).
    let started: Bool

    init(zone: ICalZone, dated: Bool, started: Bool) {
        self.zone = zone
        self.dated = dated
        self.started = started
    }

    /// The reminder each VALARM of `todo` is (nil for one not read as a reminder), in order.
    func reminders(_ todo: RawComponent) throws(DomainError) -> [String?] {
        var out: [String?] = []
        var count = 0
        for alarm in todo.components where alarm.name == "VALARM" {
            let text = try reminder(alarm)
            if text != nil {
                count += 1
                // Counted as they come: ten thousand alarms are refused before all are read.
                guard count <= ItemField.maxReminders else {
                    throw .invalidField("an item holds at most \(ItemField.maxReminders) reminders: this one has more")
                }
            }
            out.append(text)
        }
        return out
    }

    /// The declared value the VALARMs give, or the one line saying why they were not read.
    func read(_ todo: RawComponent) -> (value: FieldValue?, refused: String?) {
        do {
            let texts = try reminders(todo).compactMap { $0 }
            return (try ItemField.reminders.checked(.words(texts)), nil)
        } catch {
            return (nil, "VALARM not read: \(error.description)")
        }
    }

    func reminder(_ alarm: RawComponent) throws(DomainError) -> String? {
        let action = alarm.value("ACTION").map { $0.uppercased() } ?? "DISPLAY"
        guard action == "DISPLAY" || action == "AUDIO", !alarm.has("X-APPLE-PROXIMITY"),
              let trigger = alarm.first("TRIGGER") else { return nil }
        let parameters = AlarmComponents.parameters(trigger)
        let value = String(trigger.value).trimmingCharacters(in: " \t")
        if parameters["VALUE"] == "DATE-TIME" {
            // Apple writes this placeholder on alarms that ring at a place, not a time.
            if value.hasPrefix("19760401T") { return nil }
            guard let at = moment(value) else {
                throw .invalidField("a reminder's TRIGGER is not a date and time: \"\(value.prefix(40))\"")
            }
            return Reminder.at(at.day, at.time).text
        }
        let fromStart = parameters["RELATED"] != "END" && started
        guard fromStart || dated else { return nil }
        guard let seconds = Reminder.durationSeconds(value) else {
            throw .invalidField("a reminder's TRIGGER is not a duration: \"\(value.prefix(40))\"")
        }
        guard abs(seconds) <= Reminder.maxOffsetSeconds else {
            throw .invalidField("a reminder is at most \(Reminder.maxOffsetText) from its \(fromStart ? "start" : "due time"): "
                + "got \"\(value.prefix(40))\"")
        }
        return (fromStart ? Reminder.beforeStart(seconds: -seconds) : Reminder.before(seconds: -seconds)).text
    }

    /// `20261203T070000Z` seen in the user's zone; a floating one as written.
    func moment(_ text: String) -> (day: DueDay, time: TimeOfDay)? {
        guard text.utf8.count >= 15, text.utf8.count <= 16, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let t = icaltime_from_string(text)
        guard icaltime_is_null_time(t) == 0, icaltime_is_valid_time(t) != 0, t.is_date == 0,
              let local = zone.due(t), let time = local.time else { return nil }
        return (local.day, time)
    }

    /// `master` with its VALARMs made to say `now`, given what they said (`before`, from
    /// `reminders`): an alarm whose reminder stays is kept as written, one whose reminder went
    /// is dropped, one not read as a reminder is kept, and each new reminder is a new VALARM.
    func splice(_ master: RawComponent, before: [String?], now: [String], title: String) -> RawComponent {
        var left = now
        var entries: [RawComponent.Entry] = []
        var index = 0
        for entry in master.entries {
            guard case let .component(alarm) = entry, alarm.name == "VALARM" else {
                entries.append(entry)
                continue
            }
            defer { index += 1 }
            guard let text = before.indices.contains(index) ? before[index] : nil else {
                entries.append(entry)
                continue
            }
            guard let kept = left.firstIndex(of: text) else { continue }
            left.remove(at: kept)
            entries.append(entry)
        }
        for text in left {
            if let alarm = written(text, title: title) { entries.append(.component(alarm)) }
        }
        var out = master
        out.entries = entries
        return out
    }

    /// A new VALARM, as Thunderbird and tasks.org write theirs.
    func written(_ text: String, title: String) -> RawComponent? {
        guard let reminder = try? Reminder(text: text) else { return nil }
        let trigger: String
        switch reminder {
        case let .before(seconds):
            trigger = "TRIGGER;RELATED=END:" + Reminder.durationText(seconds: -seconds)
        case let .beforeStart(seconds):
            trigger = "TRIGGER;RELATED=START:" + Reminder.durationText(seconds: -seconds)
        case let .at(day, time):
            trigger = "TRIGGER;VALUE=DATE-TIME:" + utc(day, time)
        }
        let description = DeclaredLines.folded("DESCRIPTION:" + ItemField.reminders.icalText(.text(title))).text
        let component = "BEGIN:VALARM\r\nACTION:DISPLAY\r\n\(description)\r\n\(trigger)\r\nEND:VALARM\r\n"
        return RawComponent.parse(component).first
    }

    /// A local moment as RFC 5545 wants an absolute trigger: in UTC (floating when the zone is
    /// one libical does not know, as DUE is written then).
    func utc(_ day: DueDay, _ time: TimeOfDay) -> String {
        var t = zone.due(day, time)
        let floating = t.zone == nil
        if !floating { t = icaltime_convert_to_zone(t, icaltimezone_get_utc_timezone()) }
        func pad(_ n: Int32, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(t.year, 4) + pad(t.month, 2) + pad(t.day, 2) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + pad(t.second, 2)
            + (floating ? "" : "Z")
    }

    /// When the reminders last rang, from Thunderbird's X-MOZ-LASTACK (which tasks.org also
    /// writes and reads), or the line saying why it was not read.
    func lastRung(_ todo: RawComponent) -> (value: FieldValue?, refused: String?) {
        moment(AlarmComponents.lastAck, of: todo)
    }

    /// When a snoozed reminder rings again, from Thunderbird's X-MOZ-SNOOZE-TIME, or the line
    /// saying why it was not read. (A repeating task's per-occurrence
    /// X-MOZ-SNOOZE-TIME-<id> lines are kept as written, not read.)
    func snoozed(_ todo: RawComponent) -> (value: FieldValue?, refused: String?) {
        moment(AlarmComponents.snooze, of: todo)
    }

    /// A property holding one moment in UTC, as a local reminder moment; the line saying why
    /// it was not read.
    private func moment(_ name: String, of todo: RawComponent) -> (value: FieldValue?, refused: String?) {
        guard let text = todo.value(name) else { return (nil, nil) }
        guard let at = moment(text.trimmingCharacters(in: " \t")) else {
            return (nil, "\(name) not read: not a date and time: \"\(text.prefix(40))\"")
        }
        return (.words([Reminder.at(at.day, at.time).text]), nil)
    }

    static let lastAck = "X-MOZ-LASTACK"
    /// Thunderbird's snooze: when a dismissed alarm rings again (ItemField.snoozed).
    static let snooze = "X-MOZ-SNOOZE-TIME"

    /// `todo` with X-MOZ-LASTACK saying `value` (in UTC), when it changed.
    func markRung(_ todo: RawComponent, before: FieldValue?, now: FieldValue?) -> RawComponent {
        mark(AlarmComponents.lastAck, todo, before: before, now: now)
    }

    /// `todo` with X-MOZ-SNOOZE-TIME saying `value` (in UTC), or none, when it changed: a
    /// snooze spent by ringing here is removed, as Thunderbird removes it on dismissal.
    func markSnoozed(_ todo: RawComponent, before: FieldValue?, now: FieldValue?) -> RawComponent {
        mark(AlarmComponents.snooze, todo, before: before, now: now)
    }

    private func mark(_ name: String, _ todo: RawComponent, before: FieldValue?, now: FieldValue?) -> RawComponent {
        guard before != now else { return todo }
        var lines: [RawLine] = []
        if let text = now?.words?.first, case let .at(day, time)? = try? Reminder(text: text) {
            lines = RawLine.lines(name + ":" + utc(day, time))
        }
        return LineSplice.replace([name], in: todo, with: lines)
    }

    /// A line's parameters by upper-cased name (`VALUE`, `RELATED`), values upper-cased.
    static func parameters(_ line: RawLine) -> [String: String] {
        let whole = line.unfolded
        let head = whole.prefix { $0 != ":" }
        var out: [String: String] = [:]
        for part in head.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            out[pair[0].uppercased()] = pair[1].uppercased().trimmingCharacters(in: "\"")
        }
        return out
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var out = Substring(self)
        while let first = out.first, set.contains(first) { out = out.dropFirst() }
        while let last = out.last, set.contains(last) { out = out.dropLast() }
        return String(out)
    }
}
