/// A declared field's value as every format holds it: a number (JSON number, SQLite INTEGER,
/// iCalendar integer), a set of words (JSON array, iCalendar comma list) or one text.
/// Absent is `nil` at the item, never an empty value.
public enum FieldValue: Hashable, Sendable {
    case number(Int)
    case words([String])
    case text(String)

    public var number: Int? {
        if case let .number(n) = self { return n }
        return nil
    }

    public var words: [String]? {
        if case let .words(w) = self { return w }
        return nil
    }

    public var text: String? {
        if case let .text(t) = self { return t }
        return nil
    }
}
