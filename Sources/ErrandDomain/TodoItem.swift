import FoundationEssentials

/// One to-do item. `sequence` orders items inside their section: checking or unchecking an
/// item gives it a new, higher sequence so it lands at the end of the other section, as the
/// book's ItemManager appended to its arrays.
public struct TodoItem: Hashable, Sendable, Identifiable {
    public var id: UUID
    /// The iCalendar UID it is known by elsewhere (sync, .ics files): for an item made here its
    /// id's text, for one from another client whatever text that client chose (todoman writes
    /// `hex@host`), kept as given and never read as a UUID.
    public var uid: String
    public var title: String
    public var notes: String?
    /// nil: no due day (a VTODO without DUE). Such an item has no time and does not repeat.
    public var due: DueDay?
    public var time: TimeOfDay?
    public var location: Location?
    public var isDone: Bool
    public var created: Date
    /// When the item last changed (iCalendar's LAST-MODIFIED); whole seconds, as `created`.
    public var modified: Date
    public var sequence: Int64
    /// How the item repeats, if it does: checking it creates the next occurrence.
    public var repeats: Repeat?
    /// The declared fields (ItemField.declared: priority, tags...), each checked.
    public var fields: ItemFieldValues
    /// The VTODO this item was read from (import or sync), whole: the properties Errand does
    /// not model (alarms, categories, priority, X- properties, an RRULE it cannot map) are
    /// written back from it, so an edit here rewrites only what Errand owns. nil for items
    /// made here.
    public var icalendar: String?
    /// What the store could not read of this item (ItemDamage), or nil. A damaged item is
    /// listed marked so the user can mend it (`edit N --date ...`), delete it or undo; a value it
    /// lost reads as absent. Never stored: the next read of the same bytes finds it again.
    public var damage: String?

    public init(id: UUID, uid: String? = nil, title: String, notes: String? = nil, due: DueDay?,
                time: TimeOfDay? = nil, location: Location? = nil, isDone: Bool = false, created: Date,
                modified: Date? = nil, sequence: Int64 = 0, repeats: Repeat? = nil, icalendar: String? = nil,
                fields: ItemFieldValues = ItemFieldValues()) {
        self.id = id
        self.uid = uid ?? id.uuidString
        self.title = title
        self.notes = notes
        self.due = due
        self.time = time
        self.location = location
        self.isDone = isDone
        // Whole seconds: XML property lists drop fractions, and both backends must agree.
        self.created = TodoItem.wholeSeconds(created)
        self.modified = TodoItem.wholeSeconds(modified ?? created)
        self.sequence = sequence
        self.repeats = repeats
        self.icalendar = icalendar
        self.fields = fields
    }

    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    public static let maxTitle = 500
    public static let maxNotes = 10_000
    /// A UID is an identifier, not a document: RFC 5545 sets no limit, servers do (255 is common).
    public static let maxUID = 1_000
    /// The kept VTODO: alarms and categories fit many times over; a megabyte is an attack.
    public static let maxICalendarBytes = 256 * 1024

    /// Checks the fields a user typed; the reason names what is wrong. The text comes back in
    /// NFC (CanonicalText): every item reaches a store through here, so both backends store
    /// and compare the same bytes.
    public func validated() throws(DomainError) -> TodoItem {
        var copy = self
        // What is written is whole again: a damaged item that passes is mended.
        copy.damage = nil
        copy.title = TextSafety.trimmed(title)
        guard !copy.title.isEmpty else { throw .emptyTitle }
        // Limits keep one runaway paste from turning every listing into megabytes.
        guard copy.title.count <= TodoItem.maxTitle else { throw .tooLong(field: "title", limit: TodoItem.maxTitle) }
        if let notes, notes.count > TodoItem.maxNotes { throw .tooLong(field: "notes", limit: TodoItem.maxNotes) }
        if let name = location?.name, name.count > TodoItem.maxTitle {
            throw .tooLong(field: "place", limit: TodoItem.maxTitle)
        }
        try checkCalendarFields()
        copy.fields = try fields.checked()
        // A status the done state contradicts (a started item checked elsewhere) says nothing;
        // a progress of 0 is none.
        copy.state = copy.state
        if copy.progress == 0 { copy.progress = nil }
        try copy.checkReminders()
        // Every day a command computes (a postpone, a repeat's next occurrence, an edit) is
        // checked here, before anything is written: no store can hold another.
        if let due, !DueDay.supportedDayNumbers.contains(due.dayNumber) {
            throw .dateOutOfRange("the due day of \"\(TextSafety.trimmed(title).prefix(60))\"")
        }
        // Control characters would drive the terminal, break XML stores and end C strings.
        if TextSafety.containsControl(copy.title) { throw .controlCharacters(field: "title") }
        if let notes = copy.notes, TextSafety.containsControl(notes, allowing: ["\n", "\t"]) {
            throw .controlCharacters(field: "notes")
        }
        if let name = copy.location?.name, TextSafety.containsControl(name) {
            throw .controlCharacters(field: "place")
        }
        if let notes { copy.notes = TextSafety.trimmed(notes).isEmpty ? nil : CanonicalText.nfc(notes) }
        if let location {
            let name = TextSafety.trimmed(location.name)
            guard !name.isEmpty else { throw .emptyLocationName }
            copy.location = Location(name: CanonicalText.nfc(name), coordinate: location.coordinate)
        }
        // Last, once the limits are checked: a runaway paste is refused before it is read twice.
        copy.title = CanonicalText.nfc(copy.title)
        return copy
    }

    /// A reminder must ring near its item: one before the due time needs a due day, one before
    /// the start a start, one at a moment is within a year of the due day (20 years before is a
    /// typo, not a plan).
    private func checkReminders() throws(DomainError) {
        if let text = fields[.reminded]?.words?.first, (try? Reminder(text: text))?.isRelative == true {
            throw .invalidField("when the reminders last rang is a moment: got \"\(text.prefix(40))\"")
        }
        if let text = fields[.snoozed]?.words?.first, (try? Reminder(text: text))?.isRelative == true {
            throw .invalidField("a snooze is a moment: got \"\(text.prefix(40))\"")
        }
        for reminder in reminders {
            switch reminder {
            case .before:
                if due == nil { throw .undatedField("a reminder before its due time") }
            case .beforeStart:
                if start == nil { throw .invalidField("a reminder before the start needs a start: give --start, or --no-remind") }
            case let .at(day, time):
                guard let due else { continue }
                let limit = Reminder.maxOffsetSeconds / 86_400
                guard abs(day.dayNumber - due.dayNumber) <= limit else {
                    throw .invalidField("a reminder is at most \(Reminder.maxOffsetText) from its due day (\(due.iso)): got \(day.iso) \(time)")
                }
            }
        }
    }

    /// What only an item without a day, or from another calendar, can get wrong.
    private func checkCalendarFields() throws(DomainError) {
        if due == nil, time != nil { throw .undatedField("a time") }
        if due == nil, repeats != nil { throw .undatedField("a repeat rule") }
        guard !uid.isEmpty else { throw .emptyUID }
        guard uid.utf8.count <= TodoItem.maxUID else { throw .tooLong(field: "UID", limit: TodoItem.maxUID) }
        if TextSafety.containsControl(uid) { throw .controlCharacters(field: "UID") }
        if let icalendar, icalendar.utf8.count > TodoItem.maxICalendarBytes {
            throw .tooLong(field: "kept iCalendar text", limit: TodoItem.maxICalendarBytes)
        }
    }
}
