import ErrandDomain
import FoundationEssentials

/// The item table's columns, each named once: the core ones in the order reads find them, then
/// one or two per declared field (ItemField), named as the field. Writes bind by name
/// (`:title`), so a column added later cannot shift another's value into the wrong place.
enum SQLiteItemColumns {
    static let core = [
        "uuid", "title", "notes", "due", "due_time", "place", "latitude", "longitude", "done", "created", "seq",
        "repeat_rule", "uid", "modified", "icalendar", "due_is_start",
    ]

    /// A words field keeps its words as typed and, beside them, their folded keys (for its index).
    static func columns(of field: ItemField) -> [String] {
        if case .words = field.kind { return [field.name, keysColumn(field)] }
        return [field.name]
    }

    static func keysColumn(_ field: ItemField) -> String {
        field.name == "tags" ? "tag_keys" : field.name + "_keys"
    }

    static let all = core + ItemField.declared.flatMap(columns(of:))
    /// What a read selects: every column, then the row's number (ItemDamage.unreadableID).
    static let read = (all + ["id"]).joined(separator: ", ")
    static let rowidIndex = Int32(all.count)
    /// Where each declared field's first column is in a read.
    static let fieldIndex: [(field: ItemField, index: Int32)] = ItemField.declared.map { field in
        (field, Int32(all.firstIndex(of: field.name) ?? 0))
    }

    /// Written, never read: the title's NFC form (SQLiteSchema, 5), the next reminder's
    /// minute (TodoItem.nextReminderMinute, for `remind`'s index), the place's key
    /// (PlaceKey, for locatedItemPlace's index) and the folded words (FoldedWords, for the
    /// word index).
    static let written = ["title_nfc", "remind_next", "place_key", "words"]

    static let insertSQL = """
        INSERT INTO item (\((all + written).joined(separator: ", ")))
        VALUES (\((all + written).map { ":" + $0 }.joined(separator: ", ")))
        """
    static let updateSQL = """
        UPDATE item SET \((all.dropFirst() + written).map { "\($0) = :\($0)" }.joined(separator: ", "))
        WHERE uuid = :uuid
        """

    /// Binds a declared field's value to its column(s) of an insert or update.
    static func bind(_ field: ItemField, _ value: FieldValue?, to s: SQLiteStatement) {
        let name = ":" + field.name
        switch value {
        case nil:
            s.bind(name, nil as String?)
            if case .words = field.kind { s.bind(":" + keysColumn(field), nil as String?) }
        case let .number(n)?:
            s.bind(name, n)
        case let .text(t)?:
            s.bind(name, t)
        case let .words(words)?:
            s.bind(name, JSONWords.encode(words))
            if case .words = field.kind { s.bind(":" + keysColumn(field), JSONWords.encode(words.map(ItemField.key))) }
        }
    }

    /// A declared field's stored value, checked through the one rule (ItemDamage.field).
    static func read(_ field: ItemField, at index: Int32, from s: SQLiteStatement, damage: inout ItemDamage) -> FieldValue? {
        guard !s.isNull(index) else { return nil }
        switch field.kind {
        case .number:
            return damage.field(field, .number(Int(clamping: s.int(index))))
        case .text, .dayTime, .choice:
            return damage.field(field, .text(s.text(index)))
        case .words, .reminders:
            guard let words = JSONWords.decode(s.text(index)) else {
                return damage.field(field, .text(s.text(index)))
            }
            return damage.field(field, .words(words))
        }
    }
}
