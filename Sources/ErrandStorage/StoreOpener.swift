import Foundation

/// Picks the backend for a path and knows where the default store lives.
public enum StoreOpener {
    /// `.plist` files use the property-list backend; anything else is SQLite.
    public static func open(path: String) throws -> ErrandStore {
        if path.lowercased().hasSuffix(".plist") {
            return try PlistItemStore(path: path)
        }
        return try SQLiteItemStore(path: path)
    }

    /// `$XDG_DATA_HOME/errand/errand.sqlite`, falling back to `~/.local/share` as the XDG spec says.
    public static func defaultPath(environment: [String: String]) -> String {
        XDG.dataHome(environment) + "/errand/errand.sqlite"
    }
}
