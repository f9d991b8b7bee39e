/// The book's notion of "the same item": what the user typed (title, notes, due day, place),
/// not its identity or state. The one definition of equal entries: the equal-item rule
/// (ItemRecords+Rules) and every backend's look-up for it compare these and nothing else.
/// Hashable, so in memory the rule is one probe instead of a scan of every open item.
/// Its == is String's, which is canonical ("é" as one scalar equals "e" plus U+0301): a
/// backend that narrows by bytes must look up the NFC form, which is what stores hold
/// (CanonicalText).
public struct EntryKey: Hashable, Sendable {
    public let title: String
    public let notes: String?
    public let due: DueDay?
    public let location: Location?

    public init(_ item: TodoItem) {
        title = item.title
        notes = item.notes
        // The day it is listed on, as SQLite's look-up reads it (an item with only a start).
        due = item.listDay
        location = item.location
    }
}
