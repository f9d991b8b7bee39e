/// What `find` looks for: a QueryExpression (QueryParser: words, tags, priority, due days,
/// states, places, with or, - and parentheses). Words must begin a word of an item's title,
/// notes or place, case and accents aside (`ecole` finds `École`, `pass` finds `passport`);
/// tags (`#home`) must be held whole, case and accents aside. One rule for both backends:
/// SQLite's full-text index folds text the same way (FTS5's unicode61 tokenizer with
/// remove_diacritics 2) and is asked for the same word prefixes; its tag index holds the
/// same keys (ItemField.key).
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// When the query is plain (words and tags, all required): its words, folded, in the
    /// order typed, each once; SQLite then reads it by its own walk (SQLiteItemStore+Find).
    public let words: [String]
    /// When plain: its tag keys (ItemField.key), in the order typed, each once.
    public let tags: [String]
    public let expression: QueryExpression
    /// As the person typed it, for headings.
    public let description: String

    /// Only words and tags, all of them required: what `find` took before its query language.
    public var isPlain: Bool { !words.isEmpty || !tags.isEmpty }

    /// `text` in the query language (QueryParser); a `near:` by name still to be placed.
    public static func parse(_ text: String, today: DueDay,
                             readDate: @escaping (String) throws -> DueDay) throws(QuerySyntaxError) -> SearchQuery {
        SearchQuery(try QueryParser.parse(text, today: today, readDate: readDate), description: TextSafety.trimmed(text))
    }

    public init(_ expression: QueryExpression, description: String) {
        self.expression = expression
        self.description = description
        let parts: [QueryExpression]
        if case let .all(all) = expression { parts = all } else { parts = [expression] }
        var words: [String] = [], tags: [String] = []
        for part in parts {
            switch part {
            case let .term(.word(word)): if !words.contains(word) { words.append(word) }
            case let .term(.tag(key)): if !tags.contains(key) { tags.append(key) }
            case let .all(inner) where inner.allSatisfy({ if case .term(.word) = $0 { true } else { false } }):
                for case let .term(.word(word)) in inner where !words.contains(word) { words.append(word) }
            default:
                self.words = []
                self.tags = []
                return
            }
        }
        self.words = words
        self.tags = tags
    }

    /// The same query with each `near:` by name given its point (nil: not found, so it
    /// matches nothing).
    public func placing(_ place: (String) throws -> Coordinate?) rethrows -> SearchQuery {
        let placed = try expression.mapTerms { term in
            guard case var .near(near) = term, near.point == nil else { return term }
            near.point = try place(near.place)
            return .near(near)
        }
        return SearchQuery(placed, description: description)
    }

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
        let terms = words.map(QueryTerm.word) + tags.map(QueryTerm.tag)
        self.init(terms.count == 1 ? .term(terms[0]) : .all(terms.map(QueryExpression.term)),
                  description: TextSafety.trimmed(text))
    }

    /// The items with one tag, whatever it holds (a tag with spaces, from `tags`).
    public init(tag word: String) {
        self.init(.term(.tag(ItemField.key(word))), description: "#" + word)
    }

    public func matches(_ item: TodoItem) -> Bool { expression.matches(item) }


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

extension SearchQuery {
    /// The same query with its `list:` terms told whether they name the main list (whose items
    /// carry no list value): only the store knows which list that is (ListNames).
    public func markingMain(_ mainKey: String) -> SearchQuery {
        let marked = expression.mapTerms { term in
            guard case let .list(key, _) = term else { return term }
            return .list(key: key, main: key == mainKey)
        }
        return SearchQuery(marked, description: description)
    }
}
