import ErrandDomain

/// Fields both sides changed since the last sync, and which side's values were kept (the
/// one with the later LAST-MODIFIED); or an item deleted on one side and changed on the
/// other (`kind`), where the change was kept. Each is also kept in the store (KeptConflict).
public struct SyncConflict: Equatable, Sendable {
    public var title: String
    public var fields: [String]
    public var keptFromServer: Bool
    public var kind: KeptConflict.Kind = .edited

    public var line: String {
        switch kind {
        case .edited: "\"\(title)\" \(fields.joined(separator: ", ")) kept from \(keptFromServer ? "the server" : "here")"
        case .deletedThere: "\"\(title)\" deleted on the server, changed here: kept here"
        case .deletedHere: "\"\(title)\" deleted here, changed on the server: kept from the server"
        }
    }
}
