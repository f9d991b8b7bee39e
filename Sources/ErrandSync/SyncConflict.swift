/// Fields both sides changed since the last sync, and which side's values were kept (the
/// one with the later LAST-MODIFIED).
public struct SyncConflict: Equatable, Sendable {
    public var title: String
    public var fields: [String]
    public var keptFromServer: Bool

    public var line: String {
        "\"\(title)\" \(fields.joined(separator: ", ")) kept from \(keptFromServer ? "the server" : "here")"
    }
}
