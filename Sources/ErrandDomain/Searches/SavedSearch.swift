/// A `find` kept under a name (`save flat`), to run again by name (`run flat`), here or in a
/// script, on any machine that shares the store. The query is kept as typed and read again at
/// each run, so `due:<+7d` means the seven days from the day it runs.
public struct SavedSearch: Hashable, Sendable, Codable {
    /// Which language the query is read in: the to-dos' (QueryParser) or the ads' (AdQuery).
    public enum Tab: String, Hashable, Sendable, Codable {
        case todos, ads
    }

    public var name: String
    public var tab: Tab
    public var query: String

    public init(name: String, tab: Tab, query: String) {
        self.name = name
        self.tab = tab
        self.query = query
    }

    /// Long enough for a name, short enough for a column of `saved`.
    public static let nameLimit = 64

    /// Why `name` cannot name a saved search, or nil when it can: a name is typed as one word
    /// (Tab completes it), so no spaces and no control characters.
    public static func refusal(of name: String) -> String? {
        if name.isEmpty { return "a saved search needs a name" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "a saved search's name cannot hold a control character"
        }
        if name.contains(where: \.isWhitespace) { return "a saved search's name is one word, without spaces" }
        if name.count > nameLimit { return "a saved search's name holds at most \(nameLimit) characters (this one \(name.count))" }
        return nil
    }
}
