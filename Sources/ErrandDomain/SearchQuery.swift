/// What `find` looks for: words, each of which must begin a word of an item's title, notes
/// or place, case and accents aside (`ecole` finds `École`, `pass` finds `passport`), and
/// tags (`#home`), each of which the item must have, whole, case and accents aside. One rule
/// for both backends: SQLite's full-text index folds text the same way (FTS5's unicode61
/// tokenizer with remove_diacritics 2) and is asked for the same word prefixes; its tag
/// index holds the same keys (ItemField.key).
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// Folded, in the order typed, each once.
    public let words: [String]
    /// Tag keys (ItemField.key), in the order typed, each once.
    public let tags: [String]
    /// As the person typed it, for headings.
    public let description: String

    /// nil when the text holds no letter or digit to look for, and no tag. A word that opens
    /// with `#` is a tag (`#home`); a tag may hold spaces only when quoted as one word, which
    /// the shell's word split already did, so here a tag runs to the next space.
    public init?(_ text: String) {
        var seen = Set<String>()
        var tagSeen = Set<String>()
        var tags: [String] = []
        var rest: [Substring] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token.hasPrefix("#"), token.count > 1 {
                let key = ItemField.key(TextSafety.trimmed(String(token.dropFirst())))
                if !key.isEmpty, tagSeen.insert(key).inserted { tags.append(key) }
            } else {
                rest.append(token)
            }
        }
        let words = SearchQuery.words(of: rest.joined(separator: " ")).filter { seen.insert($0).inserted }
        guard !words.isEmpty || !tags.isEmpty else { return nil }
        self.words = words
        self.tags = tags
        description = TextSafety.trimmed(text)
    }

    /// The items with one tag, whatever it holds (a tag with spaces, from `tags`).
    public init(tag word: String) {
        words = []
        tags = [ItemField.key(word)]
        description = "#" + word
    }

    public func matches(_ item: TodoItem) -> Bool {
        if !tags.isEmpty {
            let keys = Set(item.tags.map(ItemField.key))
            guard tags.allSatisfy(keys.contains) else { return false }
        }
        return words.isEmpty || matches([item.title, item.notes ?? "", item.location?.name ?? ""])
    }

    /// An ad: its title and description (ads have no tags: a query with one finds none).
    public func matches(_ ad: Ad) -> Bool { tags.isEmpty && matches([ad.title, ad.description]) }

    func matches(_ fields: [String]) -> Bool {
        let found = SearchQuery.words(of: fields.joined(separator: " "))
        return words.allSatisfy { word in found.contains { $0.hasPrefix(word) } }
    }

    /// Lower case, without accents, split at everything that is not a letter or a digit.
    public static func words(of text: String) -> [String] {
        TextFolding.fold(text)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }
}
