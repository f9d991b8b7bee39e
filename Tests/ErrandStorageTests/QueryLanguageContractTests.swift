import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `find`'s query language on both backends: one set of queries over the same seeded items
/// gives the same rows in the same order on each, pages that join up to the whole, and the
/// rows the query's own tree picks from every item (so a term both backends got wrong the
/// same way would still fail the few exact cases at the end).
@Suite struct QueryLanguageContractTests {
    static let today = DueDay(year: 2026, month: 11, day: 29)!
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    static let queries = [
        "#home", "#money due:<+7d", "priority:high is:open -#work", "word is:overdue", "!!! or !", "!!",
        "#home (due:<+7d or !!!)", "-(#home or #work)", "due:today", "due:>+10d", "due:-5d..+5d", "due:..today",
        "is:done", "is:open", "is:overdue", "is:repeating", "is:located", "is:undated", "-is:undated priority:low",
        "near:48.85,2.35 within:3km", "near:48.85,2.35 within:500m or #errand", "-near:48.85,2.35 is:located",
        "word", "wor -plain", "(word or plain) (#home or -#work) -is:done", "priority:5", "is:located near:45.76,4.84",
        "is:subtask", "-is:subtask is:open", "is:subtask or #home",
    ]

    static func parse(_ text: String) throws -> SearchQuery {
        try SearchQuery.parse(text, today: today) { try DateInputParser.parse($0, today: today, nearest: true).day }
    }

    /// Items with every kind of value, drawn from `seed`, added to `store`.
    static func fill(_ store: ErrandStore, seed: UInt64) throws -> [TodoItem] {
        var random = SeededGenerator(seed: seed)
        let words = ["word", "plain", "wordy", "other"]
        let tags = ["home", "work", "money", "errand"]
        let places = [(48.85, 2.35), (48.86, 2.36), (48.87, 2.40), (45.76, 4.84)]
        var added: [TodoItem] = []
        try store.beginBatch()
        for n in 0..<400 {
            let pick = { (count: Int) in Int(random.next() % UInt64(count)) }
            var item = TodoItem(id: UUID(), title: "\(words[pick(4)]) \(n)", due: pick(8) == 0 ? nil : today.adding(days: pick(30) - 12),
                                created: created)
            if pick(3) == 0 { item.tags = Array(Set((0..<(1 + pick(2))).map { _ in tags[pick(4)] })).sorted() }
            if pick(2) == 0 { item.priority = 1 + pick(9) }
            if pick(3) == 0 {
                let (lat, lon) = places[pick(4)]
                item.location = Location(name: "place \(n)", coordinate: try Coordinate(latitude: lat + Double(pick(100)) / 1e4,
                                                                                       longitude: lon))
            }
            if item.due != nil, pick(6) == 0 { item.repeats = Repeat(unit: .week) }
            // A start-only item is listed on its start day: due: and is:undated read that day on
            // both backends (SQLite keeps it in `due`).
            if item.due == nil, pick(2) == 0 { item.start = DayTime(day: today.adding(days: pick(20) - 10)) }
            if let due = item.due, pick(8) == 0 { item.start = DayTime(day: due.adding(days: -pick(5))) }
            // A subtask, of an item here or of one not synced yet.
            if let parent = added.last, pick(6) == 0 { item.parent = pick(2) == 0 ? parent.uid : "elsewhere" }
            added.append(try store.add(item))
        }
        try store.endBatch(commit: true)
        let toCheck = added.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        _ = try store.setDone(true, listed: toCheck, at: created)
        return try store.allItems()
    }

    @Test func everyQueryListsTheSameRowsOnBothBackends() throws {
        let seed = TestSeed.draw(for: "query language contract")
        // Ids are drawn afresh per store: the backends are compared by title (each is unique).
        var listed: [Backend: [[String]]] = [:]
        for backend in Backend.allCases {
            let dir = TemporaryDirectory()
            let store = try backend.open(dir)
            let all = try Self.fill(store, seed: seed)
            var results: [[String]] = []
            for text in Self.queries {
                let query = try Self.parse(text)
                #expect(!query.isPlain || text == "word" || text == "#home", "\(text) read as plain")
                let rows = try store.items(.found(query)).map(\.id)
                let count = try store.count(.matching(query))
                #expect(count == rows.count, "\(backend) \(text): count \(count), rows \(rows.count), seed \(seed)")
                let picked = Set(all.filter(query.matches).map(\.id))
                #expect(Set(rows) == picked, "\(backend) \(text): not what the query's tree picks, seed \(seed)")
                var pages: [UUID] = []
                for offset in stride(from: 0, through: rows.count, by: 7) {
                    pages += try store.items(.found(query), offset: offset, limit: 7).map(\.id)
                }
                #expect(pages == rows, "\(backend) \(text): pages do not join up, seed \(seed)")
                let titles = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.title) })
                results.append(rows.compactMap { titles[$0] })
            }
            listed[backend] = results
        }
        let sqlite = try #require(listed[.sqlite]), plist = try #require(listed[.plist])
        for (index, text) in Self.queries.enumerated() {
            let same = sqlite[index] == plist[index]
            #expect(same, "\(text): the backends differ (\(sqlite[index].prefix(8)) against \(plist[index].prefix(8))), seed \(seed)")
        }
        // The seeded items hold something for most queries: the comparisons above are not of empty lists.
        #expect(sqlite.filter { !$0.isEmpty }.count >= Self.queries.count - 3, "seed \(seed)")
    }

    @Test(arguments: Backend.allCases)
    func termsPickExactlyTheItemsMeant(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var rent = TodoItem(id: UUID(), title: "Pay rent", due: Self.today.adding(days: 2), created: Self.created)
        rent.priority = 1
        rent.tags = ["Home", "money"]
        var taxes = TodoItem(id: UUID(), title: "File taxes", due: Self.today.adding(days: -3), created: Self.created)
        taxes.priority = 2
        taxes.tags = ["work"]
        var novel = TodoItem(id: UUID(), title: "Read a novel", due: nil, created: Self.created)
        novel.priority = 9
        let dentist = TodoItem(id: UUID(), title: "Dentist", due: Self.today.adding(days: 3),
                               location: Location(name: "Clinique", coordinate: try Coordinate(latitude: 48.85, longitude: 2.35)),
                               created: Self.created)
        let plants = TodoItem(id: UUID(), title: "Water plants", due: Self.today, created: Self.created,
                              repeats: Repeat(unit: .week))
        for item in [rent, taxes, novel, dentist, plants] { _ = try store.add(item) }
        let titles = { (text: String) in try store.items(.found(try Self.parse(text))).map(\.title) }
        #expect(try titles("#home") == ["Pay rent"])
        #expect(try titles("#money due:<+7d") == ["Pay rent"])
        #expect(try titles("priority:high is:open -#work") == ["Pay rent"])
        #expect(try titles("!!! or !") == ["File taxes", "Pay rent", "Read a novel"])
        #expect(try titles("is:overdue") == ["File taxes"])
        #expect(try titles("is:undated") == ["Read a novel"])
        #expect(try titles("is:repeating") == ["Water plants"])
        #expect(try titles("is:located") == ["Dentist"])
        #expect(try titles("near:48.86,2.35 within:2km") == ["Dentist"])
        #expect(try titles("near:48.86,2.35 within:1km").isEmpty)
        #expect(try titles("due:today..+2d") == ["Water plants", "Pay rent"])
        #expect(try titles("due:>today -is:located") == ["Pay rent"])
        #expect(try titles("(rent or taxes) -#work") == ["Pay rent"])
        #expect(try titles("-is:undated -is:located -#home -#work") == ["Water plants"])
    }
}
