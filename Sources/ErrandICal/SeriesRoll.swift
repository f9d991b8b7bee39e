import CLibical
import ErrandDomain
import FoundationEssentials

/// Checking the open occurrence of a series whose client rolls it forward (SeriesLifecycle):
/// its one VTODO moves DTSTART and DUE (and an alarm set at a moment) on to libical's next
/// occurrence and lowers COUNT by the occurrences passed, every other line as written; the
/// occurrence done becomes a finished one-off of its own UID, as Apple Reminders keeps it.
/// tasks.org lowers COUNT the same way (its RepeatTaskHelper), so a series of five is four
/// to go on every device after one check.
struct SeriesRoll {
    let writer: VTodoWriter
    let reader: VTodoReader

    /// The series rolled on and the done one-off; the series marked done (and the item itself
    /// as the second) when the rule has no occurrence left: the caller checks it as any item.
    func roll(_ item: TodoItem, at now: Date) throws(ICalError) -> (series: TodoItem, done: TodoItem) {
        guard let kept = item.icalendar, let written = writer.calendar([item]),
              let calendar = RawComponent.parse(SeriesRoll.product(of: kept, in: written)).first,
              let index = calendar.entries.firstIndex(where: { if case let .component(c) = $0 { c.name == "VTODO" } else { false } }),
              case let .component(raw) = calendar.entries[index], let series = ICalSeries(calendar.text()) else {
            throw .unusableTodo(number: 1, reason: "libical cannot read it")
        }
        defer { series.free() }
        guard let step = try SeriesRoll.next(series.master) else {
            var ended = item
            ended.state = .done
            if ended.progress != nil { ended.progress = 100 }
            return (ended, ended)
        }
        let names = moveOn(series.master, by: step, at: now)
        var rolled = calendar
        var todo = SeriesRoll.spliced(raw, names: names, master: series.master)
        // Sent on, the series goes under Errand's PRODID: it names its client, once.
        let client = SeriesLifecycle.clientProperty
        if raw.value(client) == nil, let product = calendar.value("PRODID"), !product.contains(where: \.isNewline) {
            todo = LineSplice.replace([client], in: todo, with: RawLine.lines(client + ":" + product + "\r\n"))
        }
        rolled.entries[index] = .component(todo)
        let read = try reader.read(rolled.text(), newID: UUID.init).items
        guard let next = read.first(where: { !$0.isOccurrence }), next.due != item.due else {
            throw .unusableTodo(number: 1, reason: "the series does not read back as moved on")
        }
        return (next, SeriesRoll.finished(item, at: now))
    }

    /// The occurrence just done as an item of its own: the series's fields, its day, no rule,
    /// no alarm left to ring, a new UID (the series keeps its own).
    static func finished(_ item: TodoItem, at now: Date) -> TodoItem {
        var done = item
        let id = UUID()
        done.id = id
        done.uid = id.uuidString
        done.repeats = nil
        done.icalendar = nil
        done.state = .done
        if done.progress != nil { done.progress = 100 }
        done.fields[.reminders] = nil
        done.reminded = nil
        done.snoozed = nil
        done.created = TodoItem.wholeSeconds(now)
        return done
    }

    /// How far the next occurrence is from the open one (days, in the series's own time) and
    /// how many of the rule's instances come before it (an EXDATE'd one counts: COUNT does);
    /// nil when the rule has none left. A rule libical cannot walk is refused, never ended.
    static func next(_ master: OpaquePointer) throws(ICalError) -> (days: Int, passed: Int)? {
        guard let property = icalcomponent_get_first_property(master, ICAL_RRULE_PROPERTY),
              let value = icalproperty_get_value_as_string(property), let rule = RecurrenceRule(String(cString: value)),
              let start = ICalOccurrences.anchor(master) else {
            throw .unusableTodo(number: 1, reason: "its rule has no day libical can walk from")
        }
        let excluded = ICalOccurrences.excluded(master)
        guard let walk = OccurrenceWalk(rule, todo: master, start: start) else {
            throw .unusableTodo(number: 1, reason: "libical cannot walk its rule")
        }
        var open: DueDay?
        // COUNT counts the rule's instances (an EXDATE'd one too), not the RDATEs'.
        var passed = 0
        for _ in 0..<ICalOccurrences.stepLimit {
            guard let (day, fromRule) = walk.next() else { return nil }
            defer { if fromRule { passed += 1 } }
            if excluded.contains(day.dayNumber) { continue }
            guard let current = open else {
                open = day
                continue
            }
            return (day.dayNumber - current.dayNumber, passed)
        }
        return nil
    }

    /// Moves the series on in libical's tree; the names of the properties changed.
    func moveOn(_ master: OpaquePointer, by step: (days: Int, passed: Int), at now: Date) -> Set<String> {
        var names: Set<String> = ["DTSTAMP", "LAST-MODIFIED"]
        for kind in [ICAL_DTSTART_PROPERTY, ICAL_DUE_PROPERTY] {
            guard let old = icalcomponent_get_first_property(master, kind),
                  let moved = OccurrenceCheck.moved(old, by: step.days, as: kind) else { continue }
            icalcomponent_remove_property(master, old)
            icalproperty_free(old)
            icalcomponent_add_property(master, moved)
            names.insert(kind == ICAL_DUE_PROPERTY ? "DUE" : "DTSTART")
        }
        if let property = icalcomponent_get_first_property(master, ICAL_RRULE_PROPERTY) {
            var rule = icalproperty_get_rrule(property)
            if rule.count > 0 {
                rule.count -= Int32(step.passed)
                icalproperty_set_rrule(property, rule)
                names.insert("RRULE")
            }
        }
        if let old = icalcomponent_get_first_property(master, ICAL_LASTMODIFIED_PROPERTY) {
            icalcomponent_remove_property(master, old)
            icalproperty_free(old)
        }
        icalcomponent_add_property(master, icalproperty_new_lastmodified(ICalZone.utc(now)))
        icalcomponent_set_dtstamp(master, ICalZone.utc(now))
        for alarm in ICalTree.children(master, ICAL_VALARM_COMPONENT) {
            guard let trigger = icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY) else { continue }
            var at = icalproperty_get_trigger(trigger)
            guard icaltime_is_null_time(at.time) == 0 else { continue }
            icaltime_adjust(&at.time, Int32(step.days), 0, 0, 0)
            icalproperty_set_trigger(trigger, at)
        }
        return names
    }

    /// The VTODO as written with the lines of `names` (and each alarm's TRIGGER set at a
    /// moment) replaced by what libical renders from the moved tree.
    static func spliced(_ raw: RawComponent, names: Set<String>, master: OpaquePointer) -> RawComponent {
        var out = LineSplice.replace(names.subtracting(["RRULE"]), in: raw, with: VTodoWriter.rendered(master, names.subtracting(["RRULE"])))
        if names.contains("RRULE"), let line = raw.first("RRULE"),
           let property = icalcomponent_get_first_property(master, ICAL_RRULE_PROPERTY) {
            out = LineSplice.replace(["RRULE"], in: out, with: counted(line, icalproperty_get_rrule(property).count))
        }
        var alarms = ICalTree.children(master, ICAL_VALARM_COMPONENT).makeIterator()
        for (i, entry) in out.entries.enumerated() {
            guard case let .component(component) = entry, component.name == "VALARM", let alarm = alarms.next() else { continue }
            guard let trigger = icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY),
                  icaltime_is_null_time(icalproperty_get_trigger(trigger).time) == 0 else { continue }
            out.entries[i] = .component(LineSplice.replace(["TRIGGER"], in: component, with: VTodoWriter.rendered(alarm, ["TRIGGER"])))
        }
        return out
    }

    /// The client's RRULE line with only its COUNT changed: the parts keep the order that
    /// client wrote them in (libical would write its own).
    static func counted(_ line: RawLine, _ count: Int32) -> [RawLine] {
        let whole = String(line.unfolded)
        let value = line.value
        let head = whole.prefix(whole.count - value.count)
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { part in
            part.uppercased().hasPrefix("COUNT=") ? "COUNT=\(count)" : String(part)
        }
        return RawLine.lines(head + parts.joined(separator: ";"))
    }

    /// The calendar Errand wrote with the PRODID the series came with, so that the series
    /// read back still names its client (and is rolled again at the next check).
    static func product(of kept: String, in written: String) -> String {
        guard let original = RawComponent.parse(kept).first?.first("PRODID")?.text,
              let range = written.firstRange(of: "PRODID:" + VTodoWriter.productID) else { return written }
        var out = written
        out.replaceSubrange(range, with: original)
        return out
    }
}
