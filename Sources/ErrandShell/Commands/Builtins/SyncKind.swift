/// What `sync` exchanges: the to-do list with its CalDAV remote, or the ads' catalogue.
enum SyncKind: String, CaseIterable, Sendable {
    case todos
    case ads

    /// The words `sync` takes for them, for its declaration (help, Tab).
    static let words = allCases.map(\.rawValue)
}
