/// Reads `find`'s query language on the to-do tab (docs/finding.md, `help find`), walked by
/// QueryGrammar, which the ads tab shares:
///
///     term    := word | #tag | ! | !! | !!! | priority:P | due:D | due:<D | due:>D
///              | due:D..D | is:STATE | near:PLACE | within:DISTANCE
///
/// A value with spaces is quoted (`near:"Clinique du Parc"`, `due:"dec 3"`). Dates are read
/// by the shell's own date reader, passed in, so `due:` takes what `--date` takes. The size
/// is bounded before anything is evaluated: a query is a line typed or saved, and SQLite
/// refuses expressions nested past 1,000 deep.
public struct QueryParser: QueryGrammar {
    /// Terms in one query.
    public static let maxTerms = 100
    /// Parentheses inside one another.
    public static let maxDepth = 16
    public static let keys = ["priority:", "due:", "is:", "near:", "within:", "list:", "progress:"]
    /// The ads tab's keys, refused here by name rather than read as words.
    static let adKeys = ["cat:", "price:", "sort:"]
    public static let states = ["open", "done", "overdue", "repeating", "located", "undated", "subtask", "started", "cancelled"]

    enum Token: Equatable {
        case open, close, minus, or
        case word(String)
    }

    struct Located: Equatable {
        let token: Token
        let column: Int
        /// As typed, for messages.
        let text: String
    }

    let tokens: [Located]
    let today: DueDay
    let readDate: (String) throws -> DueDay
    var position = 0
    var depth = 0
    var within: (metres: Double, column: Int, text: String)?
    var nearCount = 0

    /// `readDate` reads one DATE as the shell does (`today`, `fri`, `+3d`, `dec 3`) and throws
    /// what it would say; `today` is the day `is:overdue` is counted from.
    public static func parse(_ text: String, today: DueDay,
                             readDate: @escaping (String) throws -> DueDay) throws(QuerySyntaxError) -> QueryExpression {
        let tokens = try lex(text)
        let terms = tokens.filter { if case .word = $0.token { true } else { false } }
        if terms.count > maxTerms, let extra = terms.dropFirst(maxTerms).first {
            throw QuerySyntaxError(term: extra.text, column: extra.column,
                                   reason: "a query holds at most \(maxTerms) terms")
        }
        var parser = QueryParser(tokens: tokens, today: today, readDate: readDate)
        return try parser.whole()
    }

    mutating func whole() throws(QuerySyntaxError) -> QueryExpression {
        guard var expression = try wholeQuery() else {
            // all() refuses terms that test nothing here (mayTestNothing is false).
            throw QuerySyntaxError(term: "", column: 1, reason: "say what to look for")
        }
        if let within {
            guard nearCount > 0 else {
                throw QuerySyntaxError(term: within.text, column: within.column, reason: "within: needs a near:PLACE term")
            }
            expression = expression.mapTerms { term in
                guard case var .near(near) = term else { return term }
                near.metres = within.metres
                return .near(near)
            }
        }
        return expression
    }

    static func all(_ nodes: [QueryExpression]) -> QueryExpression { .all(nodes) }
    static func any(_ nodes: [QueryExpression]) -> QueryExpression { .any(nodes) }
    static func not(_ node: QueryExpression) -> QueryExpression { .not(node) }

    mutating func leaf(_ text: String, _ at: Located) throws(QuerySyntaxError) -> QueryExpression? {
        try term(text, at)
    }

    mutating func term(_ text: String, _ at: Located) throws(QuerySyntaxError) -> QueryExpression? {
        let fail = { (reason: String) in QuerySyntaxError(term: at.text, column: at.column, reason: reason) }
        if text.hasPrefix("#") {
            let key = ItemField.key(TextSafety.trimmed(String(text.dropFirst())))
            guard !key.isEmpty else { throw fail("# needs a tag after it (#home)") }
            return .term(.tag(key))
        }
        if let band = Self.priorities.first(where: { $0.mark == text }) { return .term(.priority(band.numbers)) }
        guard let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy(\.isLetter), colon != text.startIndex else {
            let words = SearchQuery.words(of: text)
            guard !words.isEmpty else { throw fail("nothing to look for: a word needs a letter or a digit") }
            return words.count == 1 ? .term(.word(words[0])) : .all(words.map { .term(.word($0)) })
        }
        let key = text[...colon].lowercased()
        let value = String(text[text.index(after: colon)...])
        switch key {
        case "priority:":
            let folded = TextFolding.fold(value)
            if let band = Self.priorities.first(where: { $0.word == folded || $0.word.prefix(1) == folded }) {
                return .term(.priority(band.numbers))
            }
            guard let n = Int(folded), (1...9).contains(n) else {
                throw fail("priority: is high, medium, low or 1 to 9")
            }
            return .term(.priority(n...n))
        case "due:":
            return .term(try dueJoining(value, fail))
        case "is:":
            switch TextFolding.fold(value) {
            case "open": return .term(.open)
            case "done": return .term(.done)
            case "overdue": return .term(.overdue(before: today.dayNumber))
            case "repeating": return .term(.repeating)
            case "located": return .term(.located)
            case "undated": return .term(.undated)
            case "subtask": return .term(.subtask)
            case "started": return .term(.started)
            case "cancelled", "canceled": return .term(.cancelled)
            default: throw fail("is: is one of " + Self.states.joined(separator: ", "))
            }
        case "progress:":
            return .term(.progress(try Self.percents(value, fail)))
        case "near:":
            let near = try Self.near(value, fail)
            nearCount += 1
            return .term(.near(near))
        case "list:":
            // Which list is the main one is the store's to say: the shell marks it (ListNames.term).
            let key = ItemField.key(TextSafety.trimmed(value))
            guard !key.isEmpty else { throw fail("list: needs a list's name (see lists)") }
            return .term(.list(key: key, main: false))
        case "within:":
            guard within == nil else { throw fail("within: is given once, for every near:") }
            guard let metres = Distance.parse(value) else { throw fail("within: needs a distance such as 500m, 5km or 3mi") }
            within = (metres, at.column, at.text)
            return nil
        default:
            return try Self.notAKey(String(key), text, fail)
        }
    }

    /// `near:PLACE`: a place is a name, as an item's is (a 500 KB one went whole to the
    /// geocoder's command line: Argument list too long), or LAT,LON.
    static func near(_ value: String, _ fail: (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> NearTerm {
        let place = TextSafety.trimmed(value)
        guard !place.isEmpty else { throw fail("near: needs a place or LAT,LON") }
        guard place.count <= TodoItem.maxTitle else {
            throw fail("near: a place's name is at most \(TodoItem.maxTitle) characters")
        }
        return NearTerm(place: place, point: try? Coordinate(text: place))
    }

    /// A key of the ads tab, or one a letter or two from a key here, is a mistyped key and
    /// refused; anything else with a colon (`C:\temp`, `10:30`, `re:`) is words.
    static func notAKey(_ key: String, _ text: String, _ fail: (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> QueryExpression {
        let typo = key.count >= 4 && keys.contains { EditDistance.between(key, $0) <= 2 }
        guard !adKeys.contains(key), !typo else {
            throw fail("no such key: the keys are " + keys.joined(separator: " ") + " (and #tag)")
        }
        let words = SearchQuery.words(of: text)
        guard !words.isEmpty else { throw fail("nothing to look for: a word needs a letter or a digit") }
        return words.count == 1 ? .term(.word(words[0])) : .all(words.map { .term(.word($0)) })
    }

    static let priorities = QueryTerm.priorities

    /// `progress:40`, `<50`, `>=50`, `20..60` (either side may be left open), with or without %.
    static func percents(_ value: String, _ fail: (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> ClosedRange<Int> {
        let bounds = try bounds(value, within: 0...100, key: "progress:", noun: "percent", fail) { (text) throws(QuerySyntaxError) in
            guard let n = ItemField.parsePercent(text) else { throw fail("progress: is a percent 0 to 100: 40, <50, >=50 or 20..60") }
            return n
        }
        // `<0` and `>100` name no percent.
        guard bounds.first <= bounds.last else { throw fail("progress: no percent is in that range") }
        return bounds.first...bounds.last
    }

    /// The comparison forms `due:` and `progress:` share, each bound read by `read`: `A`, `<A`
    /// and `>A` (A left out), `<=A` and `>=A` (A kept), `A..B` (both kept; a side left open runs
    /// to the end of `whole`; one ending before it starts is refused). `<` can give a range that
    /// ends before it starts (`<` the first day): it matches nothing, as the caller decides.
    static func bounds(_ value: String, within whole: ClosedRange<Int>, key: String, noun: String,
                       _ fail: (String) -> QuerySyntaxError,
                       _ read: (String) throws(QuerySyntaxError) -> Int) throws(QuerySyntaxError) -> (first: Int, last: Int) {
        if value.hasPrefix("<=") { return (whole.lowerBound, try read(String(value.dropFirst(2)))) }
        if value.hasPrefix(">=") { return (try read(String(value.dropFirst(2))), whole.upperBound) }
        if value.hasPrefix("<") { return (whole.lowerBound, try read(String(value.dropFirst())) - 1) }
        if value.hasPrefix(">") { return (try read(String(value.dropFirst())) + 1, whole.upperBound) }
        if let dots = value.firstRange(of: "..") {
            let low = String(value[..<dots.lowerBound]), high = String(value[dots.upperBound...])
            guard !(low.isEmpty && high.isEmpty) else { throw fail("\(key) needs a \(noun) on one side of .. at least") }
            let first = low.isEmpty ? whole.lowerBound : try read(low)
            let last = high.isEmpty ? whole.upperBound : try read(high)
            guard first <= last else { throw fail("\(key) this range ends before it starts") }
            return (first, last)
        }
        let one = try read(value)
        return (one, one)
    }

    /// A date typed unquoted runs on over the next words (`due:dec 3`, `due:dec 1..dec 9`):
    /// when the value alone is not a date, up to three more plain words are taken, the fewest
    /// that make one; if none do, the value alone is refused.
    mutating func dueJoining(_ value: String, _ fail: @escaping (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> QueryTerm {
        let first: QuerySyntaxError
        do {
            return try due(value, fail)
        } catch {
            first = error
        }
        var joined = value
        for more in 1...3 {
            guard position + more - 1 < tokens.count, case let .word(next) = tokens[position + more - 1].token,
                  !next.contains(":"), !next.hasPrefix("#") else { break }
            joined += " " + next
            if let term = try? due(joined, fail) {
                position += more
                return term
            }
        }
        throw first
    }

    /// `D`, `<D`, `>D`, `D..D` (either side may be left open: `..fri`, `dec 1..`).
    func due(_ value: String, _ fail: @escaping (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> QueryTerm {
        let days = DueDay.supportedDayNumbers
        let day = { (text: String) throws(QuerySyntaxError) -> Int in
            let trimmed = TextSafety.trimmed(text)
            guard !trimmed.isEmpty else { throw fail("due: needs a date after it (today, fri, +3d, dec 3)") }
            do {
                return try readDate(trimmed).dayNumber
            } catch {
                throw fail("due: \(error)")
            }
        }
        let bounds = try Self.bounds(value, within: days, key: "due:", noun: "date", fail, day)
        return .due(first: bounds.first, last: bounds.last)
    }
}
