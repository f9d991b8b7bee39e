import ErrandDomain

/// What `tag` was told: words to add and words to take away, as typed (`home -money +car`).
struct TagChange: Equatable, Sendable, CustomStringConvertible {
    private(set) var added: [String] = []
    private(set) var removed: [String] = []

    init(_ text: String) throws(ShellError) {
        for token in text.split(separator: " ").map(String.init) {
            var word = token
            let removing = word.hasPrefix("-")
            if removing || word.hasPrefix("+") { word.removeFirst() }
            if word.hasPrefix("#") { word.removeFirst() }
            let parts = word.split(separator: ",").map { TextSafety.trimmed(String($0)) }.filter { !$0.isEmpty }
            guard !parts.isEmpty else { throw .usage("tag: \(ShellError.quote(token)) holds no tag") }
            if removing { removed += parts } else { added += parts }
        }
        guard !added.isEmpty || !removed.isEmpty else { throw .usage("tag: say which tags: tag N WORD -WORD") }
    }

    /// The tags after the change: taken away first, then added at the end, each once.
    func applied(to tags: [String]) -> [String] {
        let gone = Set(removed.map(ItemField.key))
        var kept = tags.filter { !gone.contains(ItemField.key($0)) }
        var keys = Set(kept.map(ItemField.key))
        for word in added where keys.insert(ItemField.key(word)).inserted { kept.append(word) }
        return kept
    }

    var description: String {
        (added.map { "+" + $0 } + removed.map { "-" + $0 }).joined(separator: " ")
    }
}
