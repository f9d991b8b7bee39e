import ErrandDomain

/// A journal entry as `log` shows it: when (in the user's zone) and what, in words.
public struct LogRow: Equatable, Sendable {
    public var entry: JournalEntry
    public var when: String
    public var summary: String
}
