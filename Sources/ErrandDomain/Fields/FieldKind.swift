/// What values a declared field takes, with its limits: every format reads and checks a value
/// through this one description (ItemField.checked), so a bad value is named the same way
/// whichever file, store or server it came from.
public enum FieldKind: Sendable {
    case number(ClosedRange<Int>)
    /// Words compared case and accents aside (TextFolding), each once, without a comma (the
    /// iCalendar list separator) or a control character.
    case words(maxCount: Int, maxLength: Int)
    case text(maxLength: Int)
    /// A day with or without a time, as its ISO text (DayTime).
    case dayTime
    /// Reminders (Reminder), held as `.words` of their canonical texts (`-PT30M`,
    /// `2026-12-03T08:00`). Not `.words`: a reminder must read as a trigger, is compared as
    /// written (not case-folded) and needs no folded-keys column for an index.
    case reminders(maxCount: Int)
    /// One word of a fixed few (a status: `started`, `cancelled`), held as `.text` in the
    /// spelling declared; another is refused, whichever file or server it came from.
    case choice([String])
}
