/// How many of a batch `receive` added, updated, found up to date and refused: all an import's
/// summary says, without keeping every receipt (each holding its item) of a large file alive.
public struct ReceiptTally: Equatable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var refused = 0
    /// Finished occurrences (Occurrence) added: rows of their series's item, not items of
    /// their own, so the other counts leave them out (a series and two done ones: 1 item).
    public var occurrencesAdded = 0

    public init() {}

    public mutating func count(_ receipt: CalendarReceipt, of item: TodoItem) {
        guard item.isOccurrence else { return count(receipt) }
        if case .added = receipt { occurrencesAdded += 1 }
    }

    public mutating func count(_ receipt: CalendarReceipt) {
        switch receipt {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .refused: refused += 1
        }
    }
}
