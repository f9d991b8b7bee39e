/// The files `import` understands, told apart by their keys.
public enum ImportFormat: String, Sendable {
    /// The SwiftUI app's `todos.plist`: dictionaries with `todo`, `date`, `id`.
    case weekApp = "SwiftUI app todos.plist"
    /// The book's ItemManager `toDoItems.plist`: dictionaries with `titleKey` and friends.
    case bookApp = "ItemManager toDoItems.plist"
    /// What `export FILE.json` writes: every field, matched by UID on the way back in.
    case errandJSON = "Errand JSON"
}
