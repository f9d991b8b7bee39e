/// A `find` query as the model builds it: rendered to the text a user types, with the outline
/// the parser must read from that text, and the items it keeps. A term that leaves out what it
/// matches keeps every item it does not match, an absent value included.
indirect enum ModelQuery: Equatable {
    case term(ModelTerm)
    case not(ModelQuery)
    case all([ModelQuery])
    case any([ModelQuery])

    /// `within:` in metres: one for every `near:` of a query (README: 5 km unless given).
    struct Within: Equatable {
        var text: String?
        var metres: Int
        static let standard = Within(text: nil, metres: 5_000)
    }

    func matches(_ item: ModelItem, within: Within) -> Bool {
        switch self {
        case let .term(term): term.matches(item, within: Double(within.metres))
        case let .not(inner): !inner.matches(item, within: within)
        case let .all(parts): parts.allSatisfy { $0.matches(item, within: within) }
        case let .any(parts): parts.contains { $0.matches(item, within: within) }
        }
    }

    /// The text, parenthesised wherever the grammar would otherwise read another tree.
    var text: String {
        switch self {
        case let .term(term): return term.text
        case let .not(inner):
            if case .term = inner { return "-" + inner.text }
            return "-(" + inner.text + ")"
        case let .all(parts):
            return parts.map { part in
                switch part {
                case .all, .any: "(" + part.text + ")"
                default: part.text
                }
            }.joined(separator: " ")
        case let .any(parts):
            return parts.map { part in
                if case .any = part { return "(" + part.text + ")" }
                return part.text
            }.joined(separator: " or ")
        }
    }

    func outline(within: Within) -> String {
        switch self {
        case let .term(term): term.outline(within: within.metres)
        case let .not(inner): "(not " + inner.outline(within: within) + ")"
        case let .all(parts): "(and " + parts.map { $0.outline(within: within) }.joined(separator: " ") + ")"
        case let .any(parts): "(or " + parts.map { $0.outline(within: within) }.joined(separator: " ") + ")"
        }
    }

    var hasNear: Bool {
        switch self {
        case let .term(term): if case .near = term { true } else { false }
        case let .not(inner): inner.hasNear
        case let .all(parts), let .any(parts): parts.contains(where: \.hasNear)
        }
    }
}
