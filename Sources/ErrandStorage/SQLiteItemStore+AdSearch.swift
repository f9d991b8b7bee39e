import ErrandDomain
import FoundationEssentials

/// `find` on the ads tab: the ad_text index (schema version 9) answers which ads hold the
/// words; the category, the order and the prices come from the ad table's own indexes
/// (ad_listing, ad_category_order, ad_price_order, ad_category_price), so a page in price
/// order within a category walks an index and stops once full. The other terms are columns
/// of the row.
extension SQLiteItemStore {
    public func adMatchCount(_ query: AdQuery) throws -> Int {
        try refreshAdText(for: query)
        if Self.needsFacts(query) { return try foundAds(query).count }
        // Counted from the indexes alone, less the gone ads counted from theirs (ad_gone): a
        // test of `gone` here read every matching row (3x the time of `cat:X price:<500`).
        let (conditions, values) = Self.adConditions(query, gone: nil)
        func count(_ sql: String) throws -> Int {
            let s = try db.statement(sql)
            Self.bind(values, s)
            defer { s.reset() }
            return try s.step() ? Int(s.int(0)) : 0
        }
        let all = try count("SELECT count(*) FROM ad" + conditions)
        guard !query.hiddenOnly else { return query.starredOnly ? all : all - (try count("SELECT count(*) FROM ad" + conditions + " AND gone = 1")) }
        let hidden = try count("SELECT count(*) FROM ad INDEXED BY ad_hidden" + conditions + " AND hidden = 1"
                               + (query.starredOnly ? "" : " AND gone = 0"))
        guard !query.starredOnly else { return all - hidden }
        return all - hidden - (try count("SELECT count(*) FROM ad INDEXED BY ad_gone" + conditions + " AND gone = 1"))
    }

    public func matchingAds(_ query: AdQuery, offset: Int, limit: Int) throws -> [Ad] {
        try refreshAdText(for: query)
        if Self.needsFacts(query) { return try foundAds(query, offset: offset, limit: limit) }
        let (conditions, values) = Self.adConditions(query)
        let next = Int32(values.count + 1)
        let s = try db.statement("SELECT \(Self.adColumns) FROM ad\(conditions) ORDER BY \(Self.adOrder(query.sort)) "
                                 + "LIMIT ?\(next) OFFSET ?\(next + 1)")
        Self.bind(values, s)
        s.bind(PageWindow(offset: offset, limit: limit), limit: next, offset: next + 1)
        defer { s.reset() }
        var ads: [Ad] = []
        while try s.step() { ads.append(adRow(s)) }
        return ads
    }

    /// ` WHERE ...` (or nothing) and the values it binds from ?1, in order.
    /// `gone`: the test of the gone mark to add (nil: none, the caller counts them apart), by
    /// default the one the query asks for.
    static func adConditions(_ query: AdQuery, gone: String? = "+gone = 0") -> (String, [SQLiteQueryCondition.Value]) {
        var conditions: [String] = []
        var values: [SQLiteQueryCondition.Value] = []
        func parameter(_ value: SQLiteQueryCondition.Value) -> String {
            values.append(value)
            return "?\(values.count)"
        }
        if !query.words.isEmpty {
            // Letters and digits only (SearchQuery.words): quoting is all FTS5 needs.
            let match = query.words.map { "\"" + $0 + "\"*" }.joined(separator: " ")
            conditions.append("id IN (SELECT rowid FROM ad_text WHERE ad_text MATCH \(parameter(.text(match))))")
        }
        if let id = query.categoryID { conditions.append("category_id = \(parameter(.integer(id)))") }
        if let low = query.lowestPrice { conditions.append("price \(query.lowestExcluded ? ">" : ">=") \(parameter(.real(low)))") }
        if let high = query.highestPrice { conditions.append("price \(query.highestExcluded ? "<" : "<=") \(parameter(.real(high)))") }
        // `+`: the urgent and seller tests never drive a walk (see SQLiteQueryCondition's +done).
        if query.urgentOnly { conditions.append("+urgent = 1") }
        if let since = query.postedSince { conditions.append("+created >= \(parameter(.integer(since)))") }
        // A gone ad is kept for its star alone (ad_starred indexes the starred ones).
        if query.starredOnly {
            conditions.append("starred = 1")
        } else if let gone {
            conditions.append(gone)
        }
        // A hidden ad (and its re-posts) is left out of every query but the hidden list: in
        // the page's walk as the gone ones are; a count subtracts them (ad_hidden), as an
        // alert skips them, so neither reads every match's row.
        if query.hiddenOnly {
            conditions.append("hidden = 1")
        } else if gone != nil {
            conditions.append("+hidden = 0")
        }
        switch query.seller {
        case .pro?: conditions.append("coalesce(siret, '') <> ''")
        case .private?: conditions.append("coalesce(siret, '') = ''")
        case nil: break
        }
        if let condition = query.condition {
            conditions.append(Self.sql(condition, parameter))
        }
        return (" WHERE " + (conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")), values)
    }

    /// A term of `or`, `-` and groups as one SQL expression over ad's columns (AdTerm.matches
    /// is its meaning); `parameter` binds a value and names it. What is words alone goes to
    /// the full-text index as one match, its `-` as FTS5's NOT: `velo -neuf` tested as
    /// `id IN (...velo...) AND NOT id IN (...neuf...)` had SQLite list 25,000 rowids (30 ms at
    /// 100,000 ads), where the index answers `"velo"* NOT "neuf"*` in 2.
    static func sql(_ term: AdTerm, _ parameter: (SQLiteQueryCondition.Value) -> String) -> String {
        if let text = matchText(term) {
            return "id IN (SELECT rowid FROM ad_text WHERE ad_text MATCH \(parameter(.text(text))))"
        }
        switch term {
        case .words: return "0"
        case let .category(_, id): return "category_id = \(parameter(.integer(id ?? -1)))"
        case let .price(range):
            var tests: [String] = []
            if let low = range.low { tests.append("price \(range.lowExcluded ? ">" : ">=") \(parameter(.real(low)))") }
            if let high = range.high { tests.append("price \(range.highExcluded ? "<" : "<=") \(parameter(.real(high)))") }
            return "(" + (tests.isEmpty ? "1" : tests.joined(separator: " AND ")) + ")"
        case .urgent: return "urgent = 1"
        case .starred: return "starred = 1"
        case let .since(moment): return "created >= \(parameter(.integer(moment)))"
        case .hidden: return "hidden = 1"
        case .seller(.pro): return "coalesce(siret, '') <> ''"
        case .seller(.private): return "coalesce(siret, '') = ''"
        case let .all(parts):
            // The words of the parts (and the words they leave out) as one match, the rest beside.
            let words = AdTerm.all(parts.filter { matchText($0) != nil || isLeftOutWords($0) })
            let text = matchText(words)
            let rest = text == nil ? parts : parts.filter { matchText($0) == nil && !isLeftOutWords($0) }
            let tested = (text.map { ["id IN (SELECT rowid FROM ad_text WHERE ad_text MATCH \(parameter(.text($0))))"] } ?? [])
                + rest.map { sql($0, parameter) }
            return "(" + tested.joined(separator: " AND ") + ")"
        case let .any(parts): return "(" + parts.map { sql($0, parameter) }.joined(separator: " OR ") + ")"
        case let .not(inner): return "NOT (" + sql(inner, parameter) + ")"
        }
    }

    /// The term as one FTS5 expression when it is words alone (`-` inside a group with words
    /// to leave them out of); nil otherwise.
    static func matchText(_ term: AdTerm) -> String? {
        switch term {
        case let .words(words):
            return "(" + words.map { "\"" + $0 + "\"*" }.joined(separator: " AND ") + ")"
        case let .all(parts):
            let kept = parts.filter { !isLeftOutWords($0) }.map(matchText)
            let left = parts.compactMap { part -> String? in
                if case let .not(inner) = part { return matchText(inner) }
                return nil
            }
            guard !kept.isEmpty, !kept.contains(nil), left.count + kept.count == parts.count else { return nil }
            return left.reduce("(" + kept.compactMap { $0 }.joined(separator: " AND ") + ")") { "(" + $0 + " NOT " + $1 + ")" }
        case let .any(parts):
            let texts = parts.map(matchText)
            return texts.contains(nil) ? nil : "(" + texts.compactMap { $0 }.joined(separator: " OR ") + ")"
        default:
            return nil
        }
    }

    /// `-words`: FTS5 can leave them out of words beside them (its NOT has a left side).
    static func isLeftOutWords(_ term: AdTerm) -> Bool {
        if case let .not(inner) = term { return matchText(inner) != nil }
        return false
    }

    static func adOrder(_ sort: AdQuery.Sort) -> String {
        switch sort {
        case .listed: "urgent DESC, created DESC, id"
        case .price: "price, id"
        case .priceDescending: "price DESC, id DESC"
        case .date: "created DESC, id"
        }
    }

    static func bind(_ values: [SQLiteQueryCondition.Value], _ s: SQLiteStatement) {
        for (index, value) in values.enumerated() {
            let at = Int32(index + 1)
            switch value {
            case let .text(text): s.bind(at, text)
            case let .integer(n): s.bind(at, n)
            case let .real(x): s.bind(at, x)
            }
        }
    }

    /// Rebuilds the index when a query has words and it was built for another copy of the catalogue (or never): the
    /// copy is told by its fetch time, which every sync writes.
    func refreshAdText(for query: AdQuery) throws {
        // Only words read the index: `cat:X price:<500` right after a sync need not wait for it.
        guard !query.words.isEmpty || query.condition?.hasWords == true else { return }
        let stamp = "SELECT value FROM catalogue_info WHERE key = ?1"
        func value(_ key: String) throws -> String? {
            let s = try db.statement(stamp)
            s.bind(1, key)
            defer { s.reset() }
            return try s.step() ? s.text(0) : nil
        }
        let fetched = try value("fetched")
        guard try value("ad_text_built") != fetched else { return }
        try db.writeTransaction {
            // Checked again under the write lock: another shell may have just built it.
            guard try value("ad_text_built") != fetched else { return }
            try db.execute("INSERT INTO ad_text (ad_text) VALUES ('rebuild')")
            let s = try db.statement("INSERT OR REPLACE INTO catalogue_info (key, value) VALUES ('ad_text_built', ?1)")
            s.bind(1, fetched ?? "")
            try s.run()
        }
    }
}
