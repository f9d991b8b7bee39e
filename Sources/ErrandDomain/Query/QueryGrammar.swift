/// The grammar `find` reads on both tabs, walked once for both (QueryParser's to-do terms,
/// AdQueryParser's ad terms): terms side by side must all match, `or` lets either, `-` leaves
/// out, parentheses group. A reader gives the terms (`leaf`) and how nodes join; the walk,
/// its bounds and its refusals (with the term and its column) are the same on each tab.
///
///     query   := all ("or" all)*
///     all     := unary+                     (terms side by side: AND)
///     unary   := "-" unary | "(" query ")" | term
protocol QueryGrammar {
    associatedtype Node
    typealias Located = QueryParser.Located

    var tokens: [Located] { get }
    var position: Int { get set }
    var depth: Int { get set }

    /// One term; nil for a word that tests nothing itself (`within:`, `sort:`). It may take
    /// the words after it (`due:dec 3`) by moving `position`.
    mutating func leaf(_ text: String, _ at: Located) throws(QuerySyntaxError) -> Node?
    /// Whether terms side by side at this depth may test nothing (`sort:price` alone).
    func mayTestNothing(atDepth depth: Int) -> Bool
    static func all(_ nodes: [Node]) -> Node
    static func any(_ nodes: [Node]) -> Node
    static func not(_ node: Node) -> Node
}

extension QueryGrammar {
    var peek: Located? { position < tokens.count ? tokens[position] : nil }

    func mayTestNothing(atDepth depth: Int) -> Bool { false }

    /// The whole line: nil only when it tests nothing and may (mayTestNothing).
    mutating func wholeQuery() throws(QuerySyntaxError) -> Node? {
        guard !tokens.isEmpty else { throw QuerySyntaxError(term: "", column: 1, reason: "say what to look for") }
        let node = try query()
        if let stray = peek {
            throw QuerySyntaxError(term: stray.text, column: stray.column,
                                   reason: stray.token == .close ? "this ) closes no (" : "unexpected here")
        }
        return node
    }

    mutating func query() throws(QuerySyntaxError) -> Node? {
        var starts = [peek]
        var alternatives = [try all()]
        while let next = peek, next.token == .or {
            position += 1
            guard let after = peek, after.token != .or, after.token != .close else {
                throw QuerySyntaxError(term: next.text, column: next.column, reason: "or needs a term on each side")
            }
            starts.append(after)
            alternatives.append(try all())
        }
        if alternatives.count > 1, let empty = alternatives.firstIndex(where: { $0 == nil }), let at = starts[empty] {
            // A side that tests nothing (`sort:price or velo`) would let everything through.
            throw QuerySyntaxError(term: at.text, column: at.column, reason: "or needs a term that tests something on each side")
        }
        let tests = alternatives.compactMap { $0 }
        return tests.isEmpty ? nil : tests.count == 1 ? tests[0] : Self.any(tests)
    }

    /// nil when the terms test nothing and may (mayTestNothing).
    mutating func all() throws(QuerySyntaxError) -> Node? {
        var parts: [Node] = []
        var read = false
        while let next = peek, next.token != .or, next.token != .close {
            read = true
            if let part = try unary() { parts.append(part) }
        }
        guard !parts.isEmpty else {
            if read, mayTestNothing(atDepth: depth) { return nil }
            let at = peek ?? tokens.last
            let reason = at?.token == .or ? "or needs a term on each side" : "nothing to look for here"
            throw QuerySyntaxError(term: at?.text ?? "", column: at?.column ?? 1, reason: reason)
        }
        return parts.count == 1 ? parts[0] : Self.all(parts)
    }

    mutating func unary() throws(QuerySyntaxError) -> Node? {
        guard let next = peek else { return nil }
        position += 1
        let fail = { (reason: String) in QuerySyntaxError(term: next.text, column: next.column, reason: reason) }
        switch next.token {
        case .minus:
            // Nested as parentheses are, and bounded the same: `- - - ...` recursed without end.
            guard depth < QueryParser.maxDepth else { throw fail("- and parentheses nest at most \(QueryParser.maxDepth) deep") }
            depth += 1
            defer { depth -= 1 }
            guard let after = peek, after.token != .or, after.token != .close, let inner = try unary() else {
                throw fail("- needs a term to leave out")
            }
            return Self.not(inner)
        case .open:
            guard depth < QueryParser.maxDepth else { throw fail("parentheses nest at most \(QueryParser.maxDepth) deep") }
            depth += 1
            if peek?.token == .close { throw fail("() holds nothing") }
            guard let inner = try query() else { throw fail("nothing to look for here") }
            guard peek?.token == .close else { throw fail("this ( is never closed") }
            position += 1
            depth -= 1
            return inner
        case let .word(text):
            return try leaf(text, next)
        case .close, .or:
            // all() stops before these.
            throw fail("unexpected here")
        }
    }
}
