import ErrandDomain

/// What the SQLite word index holds beside an item's own text (SQLiteSchema.foldedWords): its
/// words folded as `find` folds a query (SearchQuery.words), for an item with any letter
/// beyond ASCII, where unicode61 would index another form (`straße`, `ﬁle`). Plain ASCII
/// text is indexed as typed already: nil, nothing stored.
enum FoldedWords {
    static func of(title: String, notes: String?, place: String?) -> String? {
        of([title, notes ?? "", place ?? ""].joined(separator: " "))
    }

    /// The same of the three texts joined by any separator (a word never spans one).
    static func of(_ text: String) -> String? {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let words = SearchQuery.words(of: text)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
