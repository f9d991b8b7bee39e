import FoundationEssentials

/// Opens a store with the backend the caller chose and knows where the default store lives.
public enum StoreOpener {
    /// `waiting`: said once each time a change has to wait for another process holding the store.
    public static func open(path: String, backend: StoreBackend, waiting: (() -> Void)? = nil) throws -> ErrandStore {
        switch backend {
        case .sqlite:
            // Told from the start: a migration due on opening waits for the lock too.
            return try SQLiteItemStore(path: path, waiting: waiting)
        case .plist:
            let store = try PlistItemStore(path: path)
            store.lock.onWait = waiting
            return store
        }
    }

    /// `$XDG_DATA_HOME/errand/errand.sqlite`, falling back to `~/.local/share` as the XDG spec says.
    public static func defaultPath(environment: [String: String]) -> String {
        XDG.dataHome(environment) + "/errand/errand.sqlite"
    }
}
