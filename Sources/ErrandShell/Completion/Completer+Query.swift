import ErrandDomain

extension Completer {
    /// A term of `find`'s query: its keys, then the values of the key typed (`is:ov` offers
    /// `is:overdue`, `due:<to` `due:<today`, `near:Cl` the located places), `#` the tags. A
    /// leading `-` or `(` stays as typed.
    func queryCandidates(_ prefix: String, quote: (String) -> String) -> [CompletionCandidate] {
        if session.tab == .ads { return adQueryCandidates(prefix, quote: quote) }
        if let first = prefix.first, first == "-" || first == "(" {
            return queryCandidates(String(prefix.dropFirst()), quote: quote).map {
                CompletionCandidate(insert: String(first) + $0.insert, display: String(first) + $0.display)
            }
        }
        let prefixed = { (key: String, candidates: [CompletionCandidate]) in
            candidates.map { CompletionCandidate(insert: key + $0.insert, display: key + $0.display) }
        }
        let lower = prefix.lowercased()
        if prefix.hasPrefix("#") {
            return candidates(for: .field(.tags), prefix: String(prefix.dropFirst()), quote: quote).map {
                CompletionCandidate(insert: "#" + $0.insert, display: "#" + $0.display)
            }
        }
        if lower.hasPrefix("priority:") {
            let words = QueryTerm.priorities.map(\.word)
            return prefixed("priority:", candidates(for: .choice(words), prefix: String(lower.dropFirst(9))))
        }
        if lower.hasPrefix("is:") {
            return prefixed("is:", candidates(for: .choice(QueryParser.states), prefix: String(lower.dropFirst(3))))
        }
        if lower.hasPrefix("due:") {
            var rest = String(prefix.dropFirst(4))
            var key = "due:"
            if let sign = rest.first, sign == "<" || sign == ">" {
                key.append(sign)
                rest.removeFirst()
            }
            return prefixed(key, candidates(for: .date, prefix: rest))
        }
        if lower.hasPrefix("near:") {
            return prefixed("near:", candidates(for: .place, prefix: String(prefix.dropFirst(5)), quote: quote))
        }
        if lower.hasPrefix("within:") {
            return prefixed("within:", candidates(for: .distance, prefix: String(prefix.dropFirst(7))))
        }
        // A key goes on with its value: no space after it.
        let keys = QueryParser.keys.filter { $0.hasPrefix(lower) }.map { CompletionCandidate(insert: $0, display: $0, isComplete: false) }
        return prefix.isEmpty || !"or".hasPrefix(lower) ? keys : keys + [CompletionCandidate(insert: "or", display: "or")]
    }

    /// The ads tab's terms (AdQuery): `cat:` offers the categories, `is:` and `sort:` theirs.
    func adQueryCandidates(_ prefix: String, quote: (String) -> String) -> [CompletionCandidate] {
        let lower = prefix.lowercased()
        let prefixed = { (key: String, candidates: [CompletionCandidate]) in
            candidates.map { CompletionCandidate(insert: key + $0.insert, display: key + $0.display) }
        }
        if lower.hasPrefix("cat:") {
            return prefixed("cat:", candidates(for: .category, prefix: String(prefix.dropFirst(4)), quote: quote))
        }
        if lower.hasPrefix("is:") {
            return prefixed("is:", candidates(for: .choice(AdQuery.states), prefix: String(lower.dropFirst(3))))
        }
        if lower.hasPrefix("sort:") {
            let orders = AdQuery.Sort.allCases.filter { $0 != .listed }.map(\.rawValue)
            return prefixed("sort:", candidates(for: .choice(orders), prefix: String(lower.dropFirst(5))))
        }
        return AdQuery.keys.filter { $0.hasPrefix(lower) }.map { CompletionCandidate(insert: $0, display: $0, isComplete: false) }
    }
}
