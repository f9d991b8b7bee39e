import ErrandDomain

/// How a query-language `find` is counted without reading its items, when the query is a
/// conjunction of tags, minus tags and terms on the day, the state and the priority (the
/// facets a tag's row in item_tag carries, SQLiteSchema.tagFacets):
/// - with a tag, from that tag's rows alone, the other terms checked on the same rows and the
///   other tags probed by key (`#home due:<+7d`: the tag's rows of the week, one range of
///   item_tag_facet);
/// - with only minus tags, as what the rest counts less what the rest counts with the tag
///   (`priority:high is:open -#work`: item_priority's range less #work's rows that match);
/// - with days and states alone, from the per-day tallies (day_count); priorities and states
///   alone, from the per-priority ones (priority_count).
/// Anything else (a word, an `or`, a place) is counted by the items' own condition.
struct SQLiteFacetCount: Equatable {
    private(set) var tags: [String] = []
    private(set) var minus: [String] = []
    private(set) var facets: [QueryTerm] = []

    /// More minus tags without a tag to drive than this are left to the items' condition: each
    /// doubles the statements.
    static let mostMinus = 3

    init?(_ expression: QueryExpression) {
        guard collect(expression), minus.count <= Self.mostMinus || !tags.isEmpty else { return nil }
    }

    private init(tags: [String], minus: [String], facets: [QueryTerm]) {
        self.tags = tags
        self.minus = minus
        self.facets = facets
    }

    private mutating func collect(_ expression: QueryExpression) -> Bool {
        switch expression {
        case let .all(parts): return parts.allSatisfy { collect($0) }
        case let .term(.tag(key)): tags.append(key)
        case let .not(.term(.tag(key))): minus.append(key)
        case let .term(term) where Self.isFacet(term): facets.append(term)
        default: return false
        }
        return true
    }

    static func isFacet(_ term: QueryTerm) -> Bool {
        switch term {
        case .due, .overdue, .undated, .priority, .open, .done: true
        default: false
        }
    }

    /// The query without its first minus tag, and the same with that tag required.
    var splitMinus: (without: SQLiteFacetCount, with: SQLiteFacetCount)? {
        guard let first = minus.first else { return nil }
        let rest = Array(minus.dropFirst())
        return (SQLiteFacetCount(tags: tags, minus: rest, facets: facets),
                SQLiteFacetCount(tags: [first], minus: rest, facets: facets))
    }

    /// What a row of the first tag must also meet: the other tags, the minus tags, the facets.
    private var termsBesideFirstTag: [QueryExpression] {
        tags.dropFirst().map { .term(.tag($0)) } + minus.map { .not(.term(.tag($0))) } + facets.map { .term($0) }
    }

    /// The statement counting from the first tag's rows (total, then To do), with its values.
    var tagRowsSQL: (sql: String, values: [SQLiteQueryCondition.Value])? {
        guard let first = tags.first else { return nil }
        let rest = termsBesideFirstTag
        let condition = SQLiteQueryCondition(.all(rest), form: .tagRows, after: [.text(first)])
        let others = rest.isEmpty ? "" : " AND " + condition.sql
        return ("SELECT count(*), total(f.done = 0) FROM item_tag f WHERE f.key = ?1" + others, condition.values)
    }

    /// One section's page read from the first tag's rows in `order` (the tag's partial index
    /// of that section, SQLiteSchema.tagOrder), the other terms checked on the same rows: the
    /// statement giving the items' ids, with its values (the page's limit and offset bound
    /// after them); nil without a tag.
    func tagRowsPage(done: Bool, in order: ItemOrder) -> (sql: String, values: [SQLiteQueryCondition.Value])? {
        guard let first = tags.first else { return nil }
        let rest = termsBesideFirstTag
        let condition = SQLiteQueryCondition(.all(rest), form: .tagRows, after: [.text(first)])
        let others = rest.isEmpty ? "" : " AND " + condition.sql
        let limit = condition.values.count + 1
        let orderBy = SQLitePagePlan.terms(order.keys(done: done)).map { "f." + $0 }.joined(separator: ", ")
        return ("SELECT f.item FROM item_tag f INDEXED BY \(done ? "item_tag_done" : "item_tag_todo") WHERE f.key = ?1 "
                + "AND f.done = \(done ? 1 : 0)\(others) ORDER BY \(orderBy) LIMIT ?\(limit) OFFSET ?\(limit + 1)",
                condition.values)
    }

    /// The priorities and the state the facets leave, when they are priorities and states
    /// alone: what priority_count answers.
    var priorityTally: TallySlice? {
        guard tags.isEmpty, minus.isEmpty, facets.contains(where: { if case .priority = $0 { true } else { false } }) else {
            return nil
        }
        var tally = TallySlice()
        for term in facets {
            switch term {
            case let .priority(numbers): tally.narrow(numbers.lowerBound, numbers.upperBound)
            case .open: tally.require(open: true)
            case .done: tally.require(open: false)
            default: return nil
            }
        }
        return tally
    }

    /// The days and the state the facets leave, when they are days and states alone (no
    /// priority): what day_count answers.
    var tally: TallySlice? {
        guard tags.isEmpty, minus.isEmpty else { return nil }
        var tally = TallySlice()
        for term in facets {
            switch term {
            case let .due(first, last): tally.narrow(first, min(last, DueDay.supportedDayNumbers.upperBound))
            case let .overdue(today):
                tally.narrow(Int.min, today - 1)
                tally.require(open: true)
            case .undated: tally.narrow(SQLiteSchema.noDateKey, SQLiteSchema.noDateKey)
            case .open: tally.require(open: true)
            case .done: tally.require(open: false)
            default: return nil
            }
        }
        return tally
    }
}

extension SQLiteFacetCount {
    /// The days a conjunction's own day and state terms leave, from which the per-day tallies
    /// give an exact bound on what it can match (nil without a day term at its top).
    static func days(of expression: QueryExpression) -> TallySlice? {
        let parts: [QueryExpression]
        if case let .all(all) = expression { parts = all } else { parts = [expression] }
        var terms: [QueryTerm] = []
        for case let .term(term) in parts {
            switch term {
            case .due, .overdue, .undated, .open, .done: terms.append(term)
            default: continue
            }
        }
        guard terms.contains(where: { if case .open = $0 { false } else if case .done = $0 { false } else { true } }) else {
            return nil
        }
        return SQLiteFacetCount(tags: [], minus: [], facets: terms).tally
    }
}
