import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `near` and the geocoder cache on both backends: the store's answer must equal a plain sort
/// of every open located item by great-circle distance, after every kind of change.
@Suite(.tags(.process), .fullLane) struct PlaceStoreTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!
    static let paris = Coordinate.paris

    func item(_ title: String, at point: Coordinate?, done: Bool = false) -> TodoItem {
        TodoItem(id: UUID(), title: title, due: day, location: point.map { Location(name: title, coordinate: $0) },
                 isDone: done, created: Date(timeIntervalSince1970: 1_790_000_000))
    }

    /// What near must answer, the slow and obvious way.
    func reference(_ store: ErrandStore, _ centre: Coordinate, within radius: Double?) throws -> [(UUID, Double)] {
        try store.allItems().compactMap { item -> (UUID, Double)? in
            guard !item.isDone, let c = item.location?.coordinate else { return nil }
            let d = GreatCircle.distance(centre, c)
            return radius.map { d <= $0 } ?? true ? (item.id, d) : nil
        }.sorted { $0.1 < $1.1 }
    }

    @Test(arguments: Backend.allCases)
    func nearMatchesAPlainSortAfterEveryChange(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var generator = SeededGenerator(seed: TestSeed.draw(for: "nearMatchesAPlainSortAfterEveryChange"))
        func random(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(generator.next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
        func verify(_ step: String) throws {
            for (centre, radius) in [(Self.paris, nil), (Self.paris, 50_000.0), (try Coordinate(latitude: -33.9, longitude: 151.2), 3_000_000)]
                as [(Coordinate, Double?)] {
                let expected = try reference(store, centre, within: radius)
                let page = try store.nearby(centre, within: radius, offset: 0, limit: .max)
                #expect(page.rows.map(\.item.id) == expected.map(\.0), "\(step): \(radius ?? -1)")
                #expect(page.total == expected.count, "\(step)")
                for (row, want) in zip(page.rows, expected) { #expect(abs(row.metres - want.1) < 0.01) }
                let all = try store.allItems()
                #expect(page.unplaced == all.filter { !$0.isDone && $0.location?.coordinate == nil }.count, "\(step)")
                // Pages put together give the whole list, in order, without gaps or repeats.
                var paged: [UUID] = []
                for offset in stride(from: 0, to: expected.count + 3, by: 3) {
                    let part = try store.nearby(centre, within: radius, offset: offset, limit: 3)
                    paged += part.rows.map(\.item.id)
                    #expect(part.more == (offset + part.rows.count < expected.count), "\(step): more at \(offset)")
                    // Counted, or left uncounted only when more follow.
                    #expect(part.total.map { $0 == expected.count } ?? part.more, "\(step): total at \(offset)")
                }
                #expect(paged == expected.map(\.0), "\(step): paged")
            }
        }
        for round in 0..<80 {
            let all = try store.allItems()
            let pick = all.isEmpty ? nil : all[Int(generator.next() % UInt64(all.count))]
            switch generator.next() % 6 {
            case 0, 1, 2:
                // Mostly around Paris, some anywhere on Earth, some without coordinates.
                let point: Coordinate? = generator.next() % 5 == 0 ? nil : generator.next() % 3 == 0
                    ? try Coordinate(latitude: random(-89.9...89.9), longitude: random(-180...180))
                    : try Coordinate(latitude: 48.8566 + random(-1...1), longitude: 2.3522 + random(-1...1))
                _ = try store.add(item("t\(round)", at: point))
            case 3:
                if let pick { _ = try store.setDone(!pick.isDone, id: pick.id, expecting: pick, at: Date(timeIntervalSince1970: 1_790_000_000)) }
            case 4:
                if let pick { _ = try store.delete(id: pick.id, expecting: pick) }
            default:
                if let pick {
                    var moved = pick
                    moved.location = Location(name: "moved", coordinate: generator.next() % 2 == 0 ? nil
                        : try Coordinate(latitude: 48.8566 + random(-0.1...0.1), longitude: 2.3522))
                    _ = try store.edit(moved, expecting: pick, at: Date(timeIntervalSince1970: 1_790_000_000))
                }
            }
            if round % 10 == 9 { try verify("round \(round)") }
        }
        let removed = try store.removeAll(journaled: nil)
        try verify("after clear")
        try store.putBack(removed)
        try verify("after restore")
    }

    @Test(arguments: Backend.allCases)
    func withinCutsAtTheRadiusAndCountsTheRest(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let lyon = try Coordinate(latitude: 45.764, longitude: 4.8357)
        let louvre = try store.add(item("Louvre", at: try Coordinate(latitude: 48.8606, longitude: 2.3376)))
        let bouchon = try store.add(item("Bouchon", at: lyon))
        _ = try store.add(item("Done nearby", at: Self.paris, done: false))
        if let done = try store.allItems().first(where: { $0.title == "Done nearby" }) {
            _ = try store.setDone(true, id: done.id, expecting: done, at: Date(timeIntervalSince1970: 1_790_000_000))
        }
        _ = try store.add(item("No place", at: nil))
        let close = try store.nearby(Self.paris, within: 5_000, offset: 0, limit: 10)
        #expect(close.rows.map(\.item) == [louvre])
        #expect(close.total == 1 && close.unplaced == 1)
        let wide = try store.nearby(Self.paris, within: 400_000, offset: 0, limit: 10)
        #expect(wide.rows.map(\.item) == [louvre, bouchon])
        #expect(abs((wide.rows.last?.metres ?? 0) / 1000 - 392) < 2)
        #expect(try store.nearby(Self.paris, within: 391_000, offset: 0, limit: 10).rows.count == 1)
    }

    @Test(arguments: Backend.allCases)
    func theCacheKeepsMatchesAndMisses(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let match = PlaceMatch(coordinate: Self.paris, address: "Paris, Île-de-France, France", candidates: 4)
        try store.cachePlace(name: "Paris", match: match, at: 10)
        try store.cachePlace(name: "Atlantis", match: nil, at: 11)
        #expect(try store.cachedPlace(key: "paris") == CachedPlace(name: "Paris", match: match, fetched: 10))
        #expect(try store.cachedPlace(key: "atlantis") == CachedPlace(name: "Atlantis", match: nil, fetched: 11))
        #expect(try store.cachedPlace(key: "lyon") == nil)
        #expect(try store.placeNames(prefix: "", limit: 10) == ["Paris"])
        #expect(try store.placeNames(prefix: "pa", limit: 10) == ["Paris"])
        #expect(try store.placeNames(prefix: "x", limit: 10) == [])
        #expect(try store.matchedAddress(for: Location(name: "Home", coordinate: Self.paris)) == match.address)
        #expect(try store.matchedAddress(for: Location(name: "Home")) == nil)
        // Kept across reopening, and beside the items (a plist store writes both).
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.cachedPlace(key: "paris")?.match == match)
    }

    /// A place typed again takes the coordinates of an item that holds it: spelled in any case
    /// or spacing, open items first, then the latest; none from an item without coordinates.
    @Test(arguments: Backend.allCases)
    func aKnownPlaceIsFoundByItsKeyOpenFirstThenLatest(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let old = try Coordinate(latitude: 48.1, longitude: 2.1)
        let newer = try Coordinate(latitude: 48.2, longitude: 2.2)
        let done = try Coordinate(latitude: 48.3, longitude: 2.3)
        func add(_ title: String, _ place: String, _ point: Coordinate?) throws -> TodoItem {
            try store.add(TodoItem(id: UUID(), title: title, due: day, location: Location(name: place, coordinate: point),
                                   created: Date(timeIntervalSince1970: 1_790_000_000)))
        }
        _ = try add("a", "Gare de Lyon", old)
        let checked = try add("b", "gare  de lyon", done)
        _ = try store.setDone(true, id: checked.id, expecting: checked, at: Date(timeIntervalSince1970: 1_790_000_100))
        _ = try add("c", "GARE de Lyon", newer)
        _ = try add("d", "Gare de Lyon", nil)
        _ = try add("e", "Gare de Lyon Part-Dieu", try Coordinate(latitude: 45.7, longitude: 4.8))
        #expect(try store.locatedItemPlace(key: "gare de lyon") == Location(name: "GARE de Lyon", coordinate: newer))
        #expect(try store.locatedItemPlace(key: "gare de") == nil)
        for item in try store.allItems() where !item.isDone && item.location?.name.hasPrefix("GARE") == true {
            _ = try store.setDone(true, id: item.id, expecting: item, at: Date(timeIntervalSince1970: 1_790_000_200))
        }
        // Every open one is gone: the open "Gare de Lyon" (a) comes before the later done ones.
        #expect(try store.locatedItemPlace(key: "gare de lyon") == Location(name: "Gare de Lyon", coordinate: old))
    }

    /// A store made before places were keyed gains the keys of the items it already located.
    @Test func aStoreFromBeforeThePlaceKeyFindsItsPlaces() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("store.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.add(TodoItem(id: UUID(), title: "a", due: day, location: Location(name: "École  Jaurès", coordinate: Self.paris),
                                   created: Date(timeIntervalSince1970: 1_790_000_000)))
        store.close()
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutPlaceKey + "PRAGMA user_version = \(MigrationTests.version(before: SQLiteSchema.placeKey));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.locatedItemPlace(key: "école jaurès")?.coordinate == Self.paris)
    }

    /// `near` asks the R*Tree for a box, never scans the items.
    @Test func nearReadsTheRTree() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("plan.sqlite"))
        let s = try store.db.statement("EXPLAIN QUERY PLAN " + SQLiteItemStore.boxSQL)
        var plan: [String] = []
        while try s.step() { plan.append(s.text(3)) }
        s.reset()
        let text = plan.joined(separator: "\n")
        #expect(text.contains("SCAN item_place VIRTUAL TABLE INDEX 2:"), "\(text)")
    }

    /// A known place is one probe of item_place_key in its order: no sort of the items naming it.
    @Test func aKnownPlaceIsOneIndexProbe() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("plan.sqlite"))
        let s = try store.db.statement("EXPLAIN QUERY PLAN " + SQLiteItemStore.knownPlaceSQL)
        var plan: [String] = []
        while try s.step() { plan.append(s.text(3)) }
        s.reset()
        let text = plan.joined(separator: "\n")
        #expect(text.contains("SEARCH item USING INDEX item_place_key (place_key=?)"), "\(text)")
        #expect(!text.contains("TEMP B-TREE"), "\(text)")
    }
}

extension Coordinate {
    /// Notre-Dame's square, the point French road distances start from.
    static var paris: Coordinate {
        guard let c = try? Coordinate(latitude: 48.8566, longitude: 2.3522) else { preconditionFailure("a valid constant") }
        return c
    }
}
