import ErrandDomain
import FoundationEssentials

/// What a sync did, for its one line and for undo.
public struct SyncOutcome: Equatable, Sendable {
    public var received = 0
    public var sent = 0
    public var deletedHere = 0
    public var conflicts: [SyncConflict] = []
    /// Local versions a merge replaced (conflicts lost here): `undo` puts them back.
    public var replaced: [TodoItem] = []
    /// Items taken without a field whose value Errand refuses (`"Title": PRIORITY not read: ...`).
    public var unread: [String] = []

    /// Items sent under a new UID because the server refused theirs (by title).
    public var newUIDs: [String] = []
    /// Items received with a start after their due moment (by title): kept as the server has
    /// them, never "fixed" silently, and named, since here they could not be made so.
    public var startsAfterDue: [String] = []

    public init() {}

    /// Both outcomes together: a sync of several lists, each a collection.
    public mutating func add(_ other: SyncOutcome) {
        received += other.received
        sent += other.sent
        deletedHere += other.deletedHere
        conflicts += other.conflicts
        replaced += other.replaced
        unread += other.unread
        newUIDs += other.newUIDs
        startsAfterDue += other.startsAfterDue
    }

    /// `synced with tasks@host: 3 received, 2 sent, 1 deleted here, 0 conflicts`, then what
    /// each conflict kept.
    public func line(_ collection: String) -> String {
        var text = "synced with \(collection): \(received) received, \(sent) sent, \(deletedHere) deleted here, "
        text += conflicts.count == 1 ? "1 conflict" : "\(conflicts.count) conflicts"
        if !conflicts.isEmpty {
            text += ": " + conflicts.prefix(3).map(\.line).joined(separator: "; ")
            if conflicts.count > 3 { text += "; ..." }
            text += " (conflicts shows both sides; keep here, there or both decides)"
        }
        if let first = newUIDs.first {
            text += "; \(newUIDs.count == 1 ? "1 item" : "\(newUIDs.count) items") sent under a new UID, the server "
                + "refusing the old one (deleted there before): \"\(TextSafety.neutralised(String(first.prefix(60))))\""
            if newUIDs.count > 1 { text += "; ..." }
        }
        if let first = startsAfterDue.first {
            text += "; \(startsAfterDue.count == 1 ? "1 item starts" : "\(startsAfterDue.count) items start") after it is due, "
                + "kept as received: \"\(TextSafety.neutralised(String(first.prefix(60))))\""
            if startsAfterDue.count > 1 { text += "; ..." }
        }
        if let first = unread.first {
            text += "; \(unread.count == 1 ? "1 item" : "\(unread.count) items") kept without a field: \(first)"
            if unread.count > 1 { text += "; ..." }
        }
        return text
    }
}
