/// One item field beyond the core ones (title, notes, day, time, place, done, repeat),
/// declared once: its name (the JSON and property-list key, the SQLite column, the sync
/// field), its values and limits, the iCalendar property it maps to, how sync merges it, how
/// `create`/`edit` take it and how lists and the detail show it. Every store, format, the
/// merge, the presenters and the forms read the declaration; none names the field itself.
/// `ItemField.declared` lists them; adding one is a recipe in ARCHITECTURE.md.
public struct ItemField: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    /// The detail's label (`Priority`).
    public let label: String
    public let kind: FieldKind
    /// The VTODO property it is written as (`PRIORITY`), nil if none.
    public let icalProperty: String?
    /// The property's value that means "no value" (PRIORITY:0), read as absent.
    public let icalNone: String?
    public let merge: FieldMerge
    /// nil for a field no command sets directly (when reminders last rang: `remind` sets it).
    public let option: FieldOption?
    /// What a list row shows for the value (`!!`, `#home`).
    public let mark: @Sendable (FieldValue) -> String
    /// Whether the mark is a column before the title (`!!!`) or follows it (`#home`).
    public let markLeadsTitle: Bool
    /// What the detail says of the value (`high (1)`).
    public let detail: @Sendable (FieldValue) -> String

    public init(name: String, label: String, kind: FieldKind, icalProperty: String?, icalNone: String? = nil,
                merge: FieldMerge = .whole, option: FieldOption?, markLeadsTitle: Bool = false,
                mark: @escaping @Sendable (FieldValue) -> String, detail: @escaping @Sendable (FieldValue) -> String) {
        self.name = name
        self.label = label
        self.kind = kind
        self.icalProperty = icalProperty
        self.icalNone = icalNone
        self.merge = merge
        self.option = option
        self.mark = mark
        self.markLeadsTitle = markLeadsTitle
        self.detail = detail
    }

    public var description: String { name }
    public static func == (a: ItemField, b: ItemField) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every declared field, in the order lists, the detail and files show them.
    public static let declared: [ItemField] = [.priority, .tags, .start, .reminders, .reminded, .snoozed,
                                                .list, .parent, .progress, .status]

    public static func named(_ name: String) -> ItemField? { declared.first { $0.name == name } }

    /// The value as every store holds it: within the limits, words trimmed, in NFC, each once
    /// (case and accents aside), in the order given. nil when nothing is left (no words).
    /// The reason names the field and the limit.
    public func checked(_ value: FieldValue) throws(DomainError) -> FieldValue? {
        switch (kind, value) {
        case let (.number(range), .number(n)):
            guard range.contains(n) else {
                throw .invalidField("the \(name) must be \(range.lowerBound) to \(range.upperBound): got \(n)")
            }
            return value
        case let (.words(maxCount, maxLength), .words(words)):
            var seen = Set<String>()
            var kept: [String] = []
            for raw in words {
                let word = try checkedWord(raw, maxLength: maxLength)
                if seen.insert(TextFolding.fold(word)).inserted { kept.append(word) }
            }
            guard kept.count <= maxCount else {
                throw .invalidField("an item holds at most \(maxCount) \(name): got \(kept.count)")
            }
            return kept.isEmpty ? nil : .words(kept)
        case let (.reminders(maxCount), .words(texts)):
            var seen = Set<String>()
            var kept: [String] = []
            for text in texts {
                let canonical = try Reminder(text: TextSafety.trimmed(text)).text
                if seen.insert(canonical).inserted { kept.append(canonical) }
                // Counted as they come: ten thousand alarms are refused before all are read.
                guard kept.count <= maxCount else {
                    throw .invalidField("an item holds at most \(maxCount) \(name): this one has more")
                }
            }
            return kept.isEmpty ? nil : .words(kept)
        case let (.text(maxLength), .text(text)):
            let trimmed = TextSafety.trimmed(text)
            guard trimmed.count <= maxLength else { throw .tooLong(field: name, limit: maxLength) }
            if TextSafety.containsControl(trimmed) { throw .controlCharacters(field: name) }
            return trimmed.isEmpty ? nil : .text(CanonicalText.nfc(trimmed))
        case let (.choice(options), .text(text)):
            let folded = TextFolding.fold(TextSafety.trimmed(text))
            guard let option = options.first(where: { TextFolding.fold($0) == folded }) else {
                throw .invalidField("the \(name) is \(options.joined(separator: " or ")): got \"\(text.prefix(40))\"")
            }
            return .text(option)
        case let (.dayTime, .text(text)):
            guard let moment = DayTime(text: text) else {
                throw .invalidField("the \(name) must be a day YYYY-MM-DD, optionally with THH:MM: got \"\(text.prefix(40))\"")
            }
            return .text(moment.text)
        default:
            throw .invalidField("the \(name) has the wrong kind of value")
        }
    }

    private func checkedWord(_ raw: String, maxLength: Int) throws(DomainError) -> String {
        let word = TextSafety.trimmed(raw)
        let one = String(name.dropLast(name.hasSuffix("s") ? 1 : 0))
        guard !word.isEmpty else { throw .invalidField("a \(one) cannot be empty") }
        guard word.count <= maxLength else {
            throw .invalidField("a \(one) is at most \(maxLength) characters: \"\(word.prefix(40))…\" has \(word.count)")
        }
        if TextSafety.containsControl(word) { throw .controlCharacters(field: one) }
        guard !word.contains(",") else { throw .invalidField("a \(one) cannot hold a comma: \"\(word.prefix(60))\"") }
        return CanonicalText.nfc(word)
    }

    /// Words as one folded key each, the way find and the tag index compare them.
    public static func key(_ word: String) -> String { TextFolding.fold(CanonicalText.nfc(word)) }
}
