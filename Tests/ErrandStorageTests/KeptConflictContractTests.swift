import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// The conflicts syncs keep (KeptConflict), the same on both backends: both versions read back
/// whole after a reopen, seen and decided stored as set, the unseen items named, and at most
/// KeptConflict.capacity kept, the oldest decided ones going first.
@Suite struct KeptConflictContractTests {
    static let at = Date(timeIntervalSince1970: 1_796_000_000)

    static func conflict(_ n: Int) throws -> KeptConflict {
        var here = TodoItem(id: UUID(), title: "Milk \(n)", due: DueDay(year: 2026, month: 12, day: 5), created: at)
        here.tags = ["shop"]
        here.state = .started
        var there = here
        there.title = "Oat milk \(n)"
        there.progress = 40
        return KeptConflict(at: at, list: n % 2 == 0 ? "Work" : nil, itemID: here.id, title: there.title, kind: .edited,
                            fields: ["title", "progress"], keptFromServer: true, here: here, there: there)
    }

    /// Kept in one change, as a sync keeps those of one transaction.
    @discardableResult
    static func keep(_ store: some ItemStore, _ conflicts: [KeptConflict]) throws -> [KeptConflict] {
        try store.changeItems { records in try conflicts.map { try records.keepConflict($0) } }
    }

    static func update(_ store: some ItemStore, _ conflict: KeptConflict) throws {
        try store.changeItems { try $0.updateConflict(conflict) }
    }

    @Test(arguments: Backend.allCases)
    func aConflictReadsBackWholeAndAsDecided(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let made = try Self.conflict(1)
        let kept = try #require(try Self.keep(store, [made]).first)
        #expect(kept.id > 0)
        let deleted = KeptConflict(at: Self.at, list: nil, itemID: UUID(), title: "Gone", kind: .deletedThere, fields: [],
                                   keptFromServer: false, here: made.here, there: nil)
        try Self.keep(store, [deleted])
        store.close()
        let reopened = try backend.open(dir)
        let read = try reopened.keptConflicts()
        #expect(read.map(\.title) == ["Gone", "Oat milk 1"], "newest first")
        var expected = made
        expected.id = kept.id
        #expect(read.last == expected)
        #expect(read.first?.there == nil && read.first?.kind == .deletedThere)
        #expect(try reopened.unseenConflictItemIDs() == [made.itemID, deleted.itemID])
        try reopened.markConflictsSeen([read[1]])
        var decided = read[1]
        decided.seen = true
        decided.decided = .both
        try Self.update(reopened, decided)
        #expect(try reopened.unseenConflictItemIDs() == [deleted.itemID])
        #expect(try reopened.keptConflicts().last?.decided == .both)
    }

    @Test(arguments: Backend.allCases)
    func pastCapacityTheOldestDecidedGoFirst(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let one = try Self.conflict(0)
        let ids = try Self.keep(store, (0..<KeptConflict.capacity).map { n in
            var next = one
            next.title = "c\(n)"
            return next
        }).map(\.id)
        // The tenth is decided: the next one kept pushes it out, not the first.
        var tenth = try #require(try store.keptConflicts().first { $0.id == ids[9] })
        tenth.decided = .here
        try Self.update(store, tenth)
        try Self.keep(store, ["newest", "newer still"].map { title in
            var next = one
            next.title = title
            return next
        })
        let titles = try store.keptConflicts().map(\.title)
        #expect(titles.count == KeptConflict.capacity)
        #expect(titles.prefix(2) == ["newer still", "newest"])
        #expect(!titles.contains("c9") && !titles.contains("c0") && titles.contains("c1"))
    }
}
