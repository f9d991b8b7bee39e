/// A parsed `find` query: terms combined by AND (written as juxtaposition), `or`, `-` and
/// parentheses (QueryParser). Both backends evaluate this same tree.
public indirect enum QueryExpression: Hashable, Sendable {
    case term(QueryTerm)
    case not(QueryExpression)
    case all([QueryExpression])
    case any([QueryExpression])

    public func matches(_ item: TodoItem) -> Bool {
        switch self {
        case let .term(term): term.matches(item)
        case let .not(inner): !inner.matches(item)
        case let .all(parts): parts.allSatisfy { $0.matches(item) }
        case let .any(parts): parts.contains { $0.matches(item) }
        }
    }

    /// Every term, in the order written.
    public var terms: [QueryTerm] {
        switch self {
        case let .term(term): [term]
        case let .not(inner): inner.terms
        case let .all(parts), let .any(parts): parts.flatMap(\.terms)
        }
    }

    /// The same tree with each term changed by `body` (the shell placing `near:` by name).
    public func mapTerms(_ body: (QueryTerm) throws -> QueryTerm) rethrows -> QueryExpression {
        switch self {
        case let .term(term): .term(try body(term))
        case let .not(inner): .not(try inner.mapTerms(body))
        case let .all(parts): .all(try parts.map { try $0.mapTerms(body) })
        case let .any(parts): .any(try parts.map { try $0.mapTerms(body) })
        }
    }

    /// The query as a tree of words, for JSON and tests: `(and #home (or !!! due:..))`.
    public var outline: String {
        switch self {
        case let .term(term): term.outline
        case let .not(inner): "(not " + inner.outline + ")"
        case let .all(parts): "(and " + parts.map(\.outline).joined(separator: " ") + ")"
        case let .any(parts): "(or " + parts.map(\.outline).joined(separator: " ") + ")"
        }
    }
}

extension QueryTerm {
    /// How the term was read, with its days as ISO dates.
    public var outline: String {
        switch self {
        case let .word(word): return word
        case let .tag(key): return "#" + key
        case let .priority(numbers): return "priority:\(numbers.lowerBound)-\(numbers.upperBound)"
        case let .due(first, last): return "due:" + DueDay(dayNumber: first).iso + ".." + DueDay(dayNumber: last).iso
        case .open: return "is:open"
        case .done: return "is:done"
        case let .overdue(today): return "is:overdue(before " + DueDay(dayNumber: today).iso + ")"
        case .repeating: return "is:repeating"
        case .located: return "is:located"
        case .undated: return "is:undated"
        case .subtask: return "is:subtask"
        case let .near(near):
            let point = near.point.map { "\($0.latitude),\($0.longitude)" } ?? near.place
            return "near:" + point + " within:\(Int(near.metres))m"
        case let .list(key, main): return "list:" + key + (main ? "(main)" : "")
        case .started: return "is:started"
        case .cancelled: return "is:cancelled"
        case let .progress(range): return "progress:\(range.lowerBound)-\(range.upperBound)"
        }
    }
}
