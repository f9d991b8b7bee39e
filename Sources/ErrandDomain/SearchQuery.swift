/// What `find` looks for: words, each of which must begin a word of an item's title, notes
/// or place, case and accents aside (`ecole` finds `École`, `pass` finds `passport`). One
/// rule for both backends: SQLite's full-text index folds text the same way (FTS5's
/// unicode61 tokenizer with remove_diacritics 2) and is asked for the same word prefixes.
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// Folded, in the order typed, each once.
    public let words: [String]
    /// As the person typed it, for headings.
    public let description: String

    /// nil when the text holds no letter or digit to look for.
    public init?(_ text: String) {
        var seen = Set<String>()
        let words = SearchQuery.words(of: text).filter { seen.insert($0).inserted }
        guard !words.isEmpty else { return nil }
        self.words = words
        description = TextSafety.trimmed(text)
    }

    public func matches(_ item: TodoItem) -> Bool {
        matches([item.title, item.notes ?? "", item.location?.name ?? ""])
    }

    /// An ad: its title and description.
    public func matches(_ ad: Ad) -> Bool { matches([ad.title, ad.description]) }

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
