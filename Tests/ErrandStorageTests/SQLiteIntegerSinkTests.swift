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
