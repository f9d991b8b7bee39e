/// The two ways Errand keeps a store. Chosen once, where the user names the store (the
/// `--store` path in `LaunchConfiguration.init`, a transcript's `# store:` directive), and
/// handed to `StoreOpener.open(path:backend:)`, so nothing below guesses it again.
public enum StoreBackend: String, CaseIterable, Sendable {
    /// One SQLite database in WAL mode: the default, and the one that scales.
    case sqlite
    /// One XML property list: readable and diffable as text, for small stores.
    case plist

    /// The backend a path the user typed asks for: a name ending in `.plist` (any case) means
    /// the property-list backend; anything else, with or without an extension, means SQLite.
    public init(forPath path: String) {
        self = path.lowercased().hasSuffix(".plist") ? .plist : .sqlite
    }
}
