/// One word of a words field (a tag) across the store, as one of its items spells it, and how many open
/// items hold it (done ones count for nothing, but keep it listed).
public struct WordCount: Hashable, Sendable {
    public let word: String
    public let open: Int

    public init(word: String, open: Int) {
        self.word = word
        self.open = open
    }

    /// Most open items first, then by key: both backends list them alike.
    public static func ordered(_ counts: [WordCount]) -> [WordCount] {
        counts.sorted { a, b in
            a.open != b.open ? a.open > b.open : ItemField.key(a.word) < ItemField.key(b.word)
        }
    }

    /// Counted from items, as a backend without an index does.
    public static func counting(_ field: ItemField, in items: some Sequence<TodoItem>) -> [WordCount] {
        var byKey: [String: (word: String, open: Int)] = [:]
        for item in items {
            for word in item.fields[field]?.words ?? [] {
                let key = ItemField.key(word)
                let current = byKey[key] ?? (word, 0)
                byKey[key] = (current.word, current.open + (item.isDone ? 0 : 1))
            }
        }
        return ordered(byKey.values.map { WordCount(word: $0.word, open: $0.open) })
    }
}
