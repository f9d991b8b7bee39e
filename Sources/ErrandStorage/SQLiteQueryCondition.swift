import ErrandDomain
#if canImport(Glibc)
import Glibc
#endif

/// A QueryExpression as a WHERE condition on `item`, each term answered by an index: words by
/// the full-text index (item_text), tags by item_tag's key, places by the R*Tree of open
/// located items (item_place) and then the exact distance, days by item_due, the rest by the
/// row's own columns. The values are bound, never written into the text, so the statement
/// depends on the query's shape alone (and stays in the connection's cache).
struct SQLiteQueryCondition {
    enum Value: Equatable {
        case text(String)
        case integer(Int64)
        case real(Double)
    }

    /// Where the condition is written: on `item` itself, or on item_tag's rows (SQLiteFacetCount),
    /// which carry the item's id as `item` and its day, state and priority.
    struct Form {
        var rowid = "id"
        var table = ""
        /// Tags as a probe of item_tag's key for each row read (EXISTS) rather than the tag's
        /// rows read first (IN): for a walk of the list order that stops at a page, where IN
        /// read every row of the tag into a temporary index first (10 ms a page for a tag on
        /// 30,000 of 1,000,000 items, against 1.5 ms probing).
        var probing = false

        static let item = Form()
        static let walk = Form(probing: true)
        static let tagRows = Form(rowid: "f.item", table: "f.", probing: true)
    }

    private(set) var sql = ""
    private(set) var values: [Value] = []
    let form: Form

    init(_ expression: QueryExpression, form: Form = .item, after bound: [Value] = []) {
        self.form = form
        values = bound
        sql = condition(expression)
    }

    /// Binds the values from ?1; the next free index is `values.count + 1`.
    func bind(_ s: SQLiteStatement) { SQLiteItemStore.bind(values, s) }

    private mutating func parameter(_ value: Value) -> String {
        values.append(value)
        return "?\(values.count)"
    }

    private mutating func condition(_ expression: QueryExpression) -> String {
        switch expression {
        case let .term(term): return condition(term)
        // A term on an absent value (no priority, no list) is NULL in SQL, and NOT NULL is
        // NULL again, which drops the row: the user's "not high" keeps an item without a
        // priority. IFNULL makes each negated part two-valued; AND and OR need nothing, since
        // NULL already counts as false for them where WHERE reads it.
        case let .not(inner): return "NOT IFNULL(" + condition(inner) + ", 0)"
        case let .all(parts): return "(" + parts.map { condition($0) }.joined(separator: " AND ") + ")"
        case let .any(parts): return "(" + parts.map { condition($0) }.joined(separator: " OR ") + ")"
        }
    }

    private func column(_ name: String) -> String { form.table + name }

    private mutating func condition(_ term: QueryTerm) -> String {
        switch term {
        case let .word(word):
            // Letters and digits only (SearchQuery.words): quoting is all FTS5 needs. Always
            // read first: an FTS5 probe per row runs the whole match again (1.2 s a page).
            return "\(form.rowid) IN (SELECT rowid FROM item_text WHERE item_text MATCH \(parameter(.text("\"" + word + "\"*"))))"
        case let .tag(key):
            let key = parameter(.text(key))
            return form.probing ? "EXISTS (SELECT 1 FROM item_tag g WHERE g.key = \(key) AND g.item = \(form.rowid))"
                : "\(form.rowid) IN (SELECT item FROM item_tag WHERE key = \(key))"
        case let .priority(numbers):
            return "\(column("priority")) BETWEEN \(parameter(.integer(Int64(numbers.lowerBound)))) AND \(parameter(.integer(Int64(numbers.upperBound))))"
        case let .due(first, last):
            // No date is stored past every day (SQLiteSchema.noDateKey): a range ends before it.
            let end = min(last, DueDay.supportedDayNumbers.upperBound)
            return "\(column("due")) BETWEEN \(parameter(.integer(Int64(first)))) AND \(parameter(.integer(Int64(end))))"
        // `+done`: never the index a statement walks. Without statistics the planner takes
        // done's equality (item_done_seq) over every better index and reads every open item
        // (2.5 s for `bread is:overdue` at 1,000,000 items).
        case .open: return "+\(column("done")) = 0"
        case .done: return "+\(column("done")) = 1"
        case let .overdue(today): return "(+\(column("done")) = 0 AND \(column("due")) < \(parameter(.integer(Int64(today)))))"
        case .repeating: return "\(column("repeat_rule")) IS NOT NULL"
        case .located: return "(\(column("latitude")) IS NOT NULL AND \(column("longitude")) IS NOT NULL)"
        case .undated: return "\(column("due")) = \(parameter(.integer(Int64(SQLiteSchema.noDateKey))))"
        // item_parent holds exactly these.
        case .subtask: return "\(column("parent")) IS NOT NULL"
        case let .near(near): return condition(near)
        case let .list(key, main):
            // list_keys holds the one folded name as a JSON array (SQLiteItemColumns).
            let named = "json_extract(\(column("list_keys")), '$[0]') = \(parameter(.text(key)))"
            return main ? "(\(column("list_keys")) IS NULL OR \(named))" : named
        // IS, not =: a row without a status is false, never NULL (see `.not` above).
        case .started: return "(+\(column("done")) = 0 AND \(column("status")) IS 'started')"
        case .cancelled: return "(+\(column("done")) <> 0 AND \(column("status")) IS 'cancelled')"
        case let .progress(range):
            return "IFNULL(\(column("progress")), 0) BETWEEN \(parameter(.integer(Int64(range.lowerBound)))) AND \(parameter(.integer(Int64(range.upperBound))))"
        }
    }

    /// The box around the point through the R*Tree (open items only, as `near`), then the
    /// haversine term of the item's own coordinates, written as GreatCircle.Meter computes it
    /// (the same operations in the same order, so both backends keep the same items).
    private mutating func condition(_ near: NearTerm) -> String {
        guard let point = near.point else { return "0" }
        let box = BoundingBox(around: point, radius: near.metres)
        let pi = parameter(.real(Double.pi))
        let latitude = point.latitude * Double.pi / 180
        let lat = parameter(.real(latitude))
        let lon = parameter(.real(point.longitude * Double.pi / 180))
        let cosLat = parameter(.real(cos(latitude)))
        let most = parameter(.real(GreatCircle.Meter.term(forMetres: near.metres)))
        let boxSQL = "id IN (SELECT id FROM item_place WHERE max_lat >= \(parameter(.integer(Int64((box.minLatitude * 1e6).rounded(.down)))))"
            + " AND min_lat <= \(parameter(.integer(Int64((box.maxLatitude * 1e6).rounded(.up)))))"
            + " AND max_lon >= \(parameter(.integer(Int64((box.minLongitude * 1e6).rounded(.down)))))"
            + " AND min_lon <= \(parameter(.integer(Int64((box.maxLongitude * 1e6).rounded(.up))))))"
        let a = "sin((latitude * \(pi) / 180 - \(lat)) / 2)"
        let b = "sin((longitude * \(pi) / 180 - \(lon)) / 2)"
        return "(\(boxSQL) AND \(a) * \(a) + \(cosLat) * cos(latitude * \(pi) / 180) * \(b) * \(b) <= \(most))"
    }
}
