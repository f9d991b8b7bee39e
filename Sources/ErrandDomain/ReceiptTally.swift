/// How many of a batch `receive` added, updated, found up to date and refused: all an import's
/// summary says, without keeping every receipt (each holding its item) of a large file alive.
public struct ReceiptTally: Equatable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var refused = 0

    public init() {}

    public mutating func count(_ receipt: CalendarReceipt) {
        switch receipt {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .refused: refused += 1
        }
    }
}
