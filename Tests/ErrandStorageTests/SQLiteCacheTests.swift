@testable import ErrandStorage
import ErrandTestSupport
import Testing

/// The page cache a shell keeps across commands (SQLiteConnection.sessionCacheKiB), the
/// batch's larger one while a batch runs, and the session's again after it, not SQLite's 2 MB.
@Suite struct SQLiteCacheTests {
    @Test func aSessionKeepsItsCacheAndABatchGivesItBack() throws {
        let dir = TemporaryDirectory()
        let store = try StoreOpener.open(path: dir.file("cache.sqlite"), backend: .sqlite)
        let db = try #require(store as? SQLiteItemStore).db
        #expect(try db.scalar("PRAGMA cache_size") == -Int64(SQLiteConnection.sessionCacheKiB))
        try db.beginBatch()
        #expect(try db.scalar("PRAGMA cache_size") == -Int64(SQLiteConnection.batchCacheKiB))
        try db.endBatch(commit: true)
        #expect(try db.scalar("PRAGMA cache_size") == -Int64(SQLiteConnection.sessionCacheKiB))
        #expect(SQLiteConnection.sessionCacheKiB > 2_000 && SQLiteConnection.sessionCacheKiB < SQLiteConnection.batchCacheKiB)
    }
}
