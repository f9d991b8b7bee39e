/// A synced list's name and its own ledger (whose remote is the list's collection), inside
/// SyncLedger for the property-list backend.
public struct JoinedLedger: Equatable, Sendable {
    public var name: String
    public var ledger: SyncLedger

    public init(name: String, ledger: SyncLedger) {
        self.name = name
        self.ledger = ledger
    }
}
