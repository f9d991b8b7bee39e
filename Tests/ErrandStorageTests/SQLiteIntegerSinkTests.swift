import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `errand_collect`, the aggregate `find` gathers its row ids with (SQLiteIntegerSink).
@Suite struct SQLiteIntegerSinkTests {
    func connection(_ dir: TemporaryDirectory) throws -> SQLiteConnection {
        let store = try StoreOpener.open(path: dir.file("sink.sqlite"), backend: .sqlite)
        return try #require(store as? SQLiteItemStore).db
    }

    static let numbers = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?1) "

    /// Every row's value in the rows' order, past the buffer's first growth, and none for no rows.
    @Test func itGathersEveryRowInOrder() throws {
        let dir = TemporaryDirectory()
        let db = try connection(dir)
        let sql = Self.numbers + "SELECT errand_collect(x * 3 - 10) FROM n"
        #expect(try db.collect(sql) { $0.bind(1, 5_000) } == (1...5_000).map { Int64($0 * 3 - 10) })
        #expect(try db.collect(sql) { $0.bind(1, 0) } == [-7])
        #expect(try db.collect(Self.numbers + "SELECT errand_collect(x) FROM n WHERE x > 10") { $0.bind(1, 3) } == [])
        // A second run starts empty: nothing of the first is left in the buffer.
        #expect(try db.collect(sql) { $0.bind(1, 2) } == [-7, -4])
    }

    /// Outside `collect` it keeps nothing, and a view or trigger in a store cannot call it.
    @Test func onlyErrandsOwnQueriesCanUseIt() throws {
        let dir = TemporaryDirectory()
        let db = try connection(dir)
        #expect(try db.scalar("SELECT errand_collect(7) IS NULL") == 1)
        #expect(try db.collect(Self.numbers + "SELECT errand_collect(x) FROM n") { $0.bind(1, 1) } == [1])
        try db.execute("CREATE VIEW gathered AS SELECT errand_collect(id) FROM item")
        #expect(throws: StoreError.self) { try db.execute("SELECT * FROM gathered") }
    }

    /// `errand_matches`: FTS5's own walk of one phrase gives the rows the aggregate gathers
    /// from the same MATCH (a prefix and a phrase of two words alike), in rowid order.
    @Test func oneWordsRowsComeFromFTS5ItselfAsTheAggregateGathersThem() throws {
        let dir = TemporaryDirectory()
        let db = try connection(dir)
        #expect(db.gathersMatches)
        try db.execute("CREATE VIRTUAL TABLE words USING fts5(body, prefix='2 3')")
        try db.execute(Self.numbers.replacingOccurrences(of: "?1", with: "3000") + """
            INSERT INTO words(rowid, body) SELECT x * 7, CASE WHEN x % 3 = 0 THEN 'bread and milk'
                WHEN x % 3 = 1 THEN 'breakfast ' || x ELSE 'milk bread' END FROM n
            """)
        for query in ["\"bre\"*", "\"bread\"*", "\"milk bread\"", "\"breakfast\"", "\"nothing\"*"] {
            let walked = try db.collect("SELECT errand_matches(words) FROM words WHERE words MATCH ?1 LIMIT 1") { $0.bind(1, query) }
            let aggregated = try db.collect("SELECT errand_collect(rowid) FROM words WHERE words MATCH ?1") { $0.bind(1, query) }
            #expect(walked == aggregated, "\(query)")
        }
        #expect(try db.collect("SELECT errand_matches(words) FROM words WHERE words MATCH ?1 LIMIT 1") { $0.bind(1, "\"bre\"*") }.count == 3_000)
        // Called on every row (no LIMIT), the walk is still gathered once.
        #expect(try db.collect("SELECT errand_matches(words) FROM words WHERE words MATCH ?1") { $0.bind(1, "\"milk bread\"") }.count == 1_000)
        // Two phrases: each one's rows are not the rows holding both, so it is refused.
        #expect(throws: StoreError.self) {
            try db.collect("SELECT errand_matches(words) FROM words WHERE words MATCH ?1 LIMIT 1") { $0.bind(1, "\"milk\"* \"bread\"*") }
        }
        // Outside `collect` it keeps nothing.
        #expect(try db.scalar("SELECT errand_matches(words) IS NULL FROM words WHERE words MATCH 'milk' LIMIT 1") == 1)
        #expect(try db.collect("SELECT errand_matches(words) FROM words WHERE words MATCH 'breakfast' LIMIT 1") { _ in }.prefix(2) == [7, 28])
    }
}

/// FoundRows.ascending: a tag's ids arrive in its facets' day order and leave in rowid order.
@Suite struct FoundRowsAscendingTests {
    @Test func anyOrderComesOutAscendingOnce() {
        var generator = SeededGenerator(seed: TestSeed.draw(for: "FoundRowsAscendingTests"))
        let dense = (1...3_000).map { Int64($0) * 3 }.shuffled(using: &generator)
        #expect(FoundRows.ascending(dense) == (1...3_000).map { Int64($0) * 3 })
        let sparse: [Int64] = [9_000_000_000, 5, Int64.max, -4, 5]
        #expect(FoundRows.ascending(sparse) == [-4, 5, 9_000_000_000, Int64.max])
        #expect(FoundRows.ascending([Int64.min, Int64.max]) == [Int64.min, Int64.max])
        #expect(FoundRows.ascending([]) == [])
        #expect(FoundRows.ascending([7, 7, 3]) == [3, 7])
        #expect(FoundRows.ascending([1, 2, 3]) == [1, 2, 3])
    }
}
