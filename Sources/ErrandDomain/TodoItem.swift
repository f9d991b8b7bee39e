import FoundationEssentials

/// One to-do item. `sequence` orders items inside their section: checking or unchecking an
/// item gives it a new, higher sequence so it lands at the end of the other section, as the
/// book's ItemManager appended to its arrays.
public struct TodoItem: Hashable, Sendable, Identifiable {
    public var id: UUID
    public var title: String
    public var notes: String?
    public var due: DueDay
    public var time: TimeOfDay?
    public var location: Location?
    public var isDone: Bool
    public var created: Date
    public var sequence: Int64
    /// How the item repeats, if it does: checking it creates the next occurrence.
    public var repeats: Repeat?

    public init(id: UUID, title: String, notes: String? = nil, due: DueDay, time: TimeOfDay? = nil,
                location: Location? = nil, isDone: Bool = false, created: Date, sequence: Int64 = 0,
                repeats: Repeat? = nil) {
        self.id = id
        self.title = title
        self.notes = notes
        self.due = due
        self.time = time
        self.location = location
        self.isDone = isDone
        // Whole seconds: XML property lists drop fractions, and both backends must agree.
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.sequence = sequence
        self.repeats = repeats
    }

    public static let maxTitle = 500
    public static let maxNotes = 10_000

    /// Checks the fields a user typed; the reason names what is wrong. The text comes back in
    /// NFC (CanonicalText): every item reaches a store through here, so both backends store
    /// and compare the same bytes.
    public func validated() throws(DomainError) -> TodoItem {
        var copy = self
        copy.title = TextSafety.trimmed(title)
        guard !copy.title.isEmpty else { throw .emptyTitle }
        // Limits keep one runaway paste from turning every listing into megabytes.
        guard copy.title.count <= TodoItem.maxTitle else { throw .tooLong(field: "title", limit: TodoItem.maxTitle) }
        if let notes, notes.count > TodoItem.maxNotes { throw .tooLong(field: "notes", limit: TodoItem.maxNotes) }
        if let name = location?.name, name.count > TodoItem.maxTitle {
            throw .tooLong(field: "place", limit: TodoItem.maxTitle)
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
}
