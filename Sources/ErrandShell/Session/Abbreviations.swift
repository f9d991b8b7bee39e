/// `abbr NAME EXPANSION`: words that, typed first on a line at the keyboard, become their
/// expansion as fish's abbreviations do: on Space the line shows the full words, on Enter they
/// run; the history keeps the full words, so it reads the same on a machine without the
/// abbreviation. Scripts and pipes never expand them (a script means the same everywhere).
/// Made at the keyboard, they are kept in the errandrc (errand's InteractiveLoop writes the
/// `abbr` line there), which makes them again at the next session.
public struct Abbreviations: Equatable, Sendable {
    private var expansions: [String: String] = [:]

    public init() {}

    /// What `word` stands for, when it is one.
    public func expansion(of word: String) -> String? { expansions[word] }

    /// The line with its first word expanded, or nil when that word is not an abbreviation.
    /// Spaces before it are kept; the rest of the line follows as typed.
    public func expanded(_ line: String) -> String? {
        let lead = line.prefix { $0 == " " }
        let rest = line.dropFirst(lead.count)
        let word = rest.prefix { $0 != " " }
        guard !word.isEmpty, let expansion = expansions[String(word)] else { return nil }
        return String(lead) + expansion + rest.dropFirst(word.count)
    }

    /// By name.
    public var all: [Abbreviation] {
        expansions.keys.sorted().map { Abbreviation(name: $0, expansion: expansions[$0] ?? "") }
    }

    public var isEmpty: Bool { expansions.isEmpty }

    public mutating func set(_ name: String, to expansion: String) { expansions[name] = expansion }

    /// False when there was none of that name.
    @discardableResult public mutating func remove(_ name: String) -> Bool { expansions.removeValue(forKey: name) != nil }
}
