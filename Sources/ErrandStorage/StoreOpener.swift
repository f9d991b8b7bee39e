import FoundationEssentials

/// Opens a store with the backend the caller chose and knows where the default store lives.
public enum StoreOpener {
    public static func open(path: String, backend: StoreBackend) throws -> ErrandStore {
        switch backend {
        case .sqlite: return try SQLiteItemStore(path: path)
        case .plist: return try PlistItemStore(path: path)
        }
    }

    /// `$XDG_DATA_HOME/errand/errand.sqlite`, falling back to `~/.local/share` as the XDG spec says.
    public static func defaultPath(environment: [String: String]) -> String {
        XDG.dataHome(environment) + "/errand/errand.sqlite"
    }
}
