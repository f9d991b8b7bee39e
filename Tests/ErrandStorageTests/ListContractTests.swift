import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Several lists (ItemField.list) on both backends: each list's items, as the shell narrows
/// every screen to one (ItemSelection.narrowed) and `find list:` finds them, are the items
/// whose list it is, in the order the whole store lists them; both backends keep a list
/// through a write, a reopen and undo's journal.
@Suite(.tags(.process), .fullLane) struct ListContractTests {
    static let today = DueDay(year: 2026, month: 11, day: 29)!
    static let created = Date(timeIntervalSince1970: 1_790_000_000)
    static let lists: [String?] = [nil, "Work", "Home", "École"]

    static func fill(_ store: ErrandStore, seed: UInt64) throws -> [TodoItem] {
        var random = SeededGenerator(seed: seed)
        try store.beginBatch()
        for n in 0..<300 {
            let pick = { (count: Int) in Int(random.next() % UInt64(count)) }
            var item = TodoItem(id: UUID(), title: "item \(n)", due: pick(6) == 0 ? nil : today.adding(days: pick(20) - 8),
                                created: created)
            item.list = lists[pick(lists.count)]
            // The main list's name written out, as an import may: still the main list.
            if item.list == nil, pick(5) == 0 { item.list = "Local" }
            if pick(3) == 0 { item.priority = 1 + pick(9) }
            _ = try store.add(item)
        }
        try store.endBatch(commit: true)
        let all = try store.allItems()
        _ = try store.setDone(true, listed: all.enumerated().filter { $0.offset % 4 == 0 }.map(\.element), at: created)
        return try store.allItems()
    }

    static let selections: [ItemSelection] = [
        .all, .open, .day(today), .day(nil), .overdue(before: today), .due(.before(today), openOnly: false),
    ]
    static let orders: [ItemOrder] = [.agenda, .sections, .day]

    @Test func eachListHoldsItsOwnItemsInTheStoresOrderOnBothBackends() throws {
        let seed = TestSeed.draw(for: "list contract")
        var titles: [Backend: [[String]]] = [:]
        for backend in Backend.allCases {
            let dir = TemporaryDirectory()
            let store = try backend.open(dir)
            let all = try Self.fill(store, seed: seed)
            var results: [[String]] = []
            for name in ["local", "work", "HOME", "ecole", "nowhere"] {
                let term = ListNames.term(name, main: ListNames.local)
                for selection in Self.selections {
                    for order in Self.orders {
                        let narrowed = ItemQuery(selection.narrowed(to: term), in: order)
                        let rows = try store.items(narrowed)
                        // The whole store's list in this order, kept to the list's items.
                        let whole = try store.items(ItemQuery(selection, in: order)).filter(term.matches)
                        #expect(rows.map(\.id) == whole.map(\.id), "\(backend) \(name) \(selection) \(order), seed \(seed)")
                        #expect(try store.count(narrowed.selection) == rows.count, "\(backend) \(name) \(selection), seed \(seed)")
                        results.append(rows.map(\.title))
                    }
                }
                let inList = all.filter { item in
                    item.list.map { ListNames.same($0, name) } ?? ListNames.same(name, ListNames.local)
                }
                #expect(try store.count(ItemSelection.all.narrowed(to: term)) == inList.count, "\(backend) \(name), seed \(seed)")
            }
            titles[backend] = results
        }
        #expect(titles[.sqlite] == titles[.plist], "the backends differ, seed \(seed)")
        #expect(titles[.sqlite]?.filter { !$0.isEmpty }.count ?? 0 > 40, "seed \(seed)")
    }

    /// The lists with their open counts as `lists` and Tab read them (SQLite from list_tally,
    /// never from the items: QueryPlanTests) are those the items carry, counted from them,
    /// through checks, moves (to a new list, between lists, to the main list), deletes, undo
    /// and redo, and a reopen; the backends agree at every step.
    @Test func theListsCountedAreThoseTheItemsCarry() throws {
        let seed = TestSeed.draw(for: "list tally")
        var steps: [Backend: [[WordCount]]] = [:]
        for backend in Backend.allCases {
            let dir = TemporaryDirectory()
            var store = try backend.open(dir)
            var random = SeededGenerator(seed: seed)
            var seen: [[WordCount]] = []
            func check(_ step: String) throws {
                let counted = WordCount.counting(.list, in: try store.allItems())
                #expect(try store.wordCounts(.list) == counted, "\(backend) \(step), seed \(seed)")
                seen.append(counted)
            }
            let all = try Self.fill(store, seed: seed)
            try check("filled")
            let pick = { (items: [TodoItem]) in (0..<40).map { _ in items[Int(random.next() % UInt64(items.count))] } }
            let picked = Dictionary(pick(all).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values.sorted { $0.title < $1.title }
            _ = try store.setDone(false, listed: picked.filter(\.isDone), at: Self.created)
            try check("reopened items")
            let now = try store.allItems()
            let lists: [String?] = [nil, "Work", "Shopping", "École"]
            let moves = picked.compactMap { old in now.first { $0.id == old.id } }.enumerated().map { n, item in
                var moved = item
                moved.list = lists[n % lists.count]
                return (edited: moved, listed: item)
            }
            _ = try store.edit(moves, at: Self.created, journaled: JournalContext(command: "move", time: Self.created))
            try check("moved")
            for item in try store.allItems() where item.list.map({ ListNames.same($0, "Home") }) == true {
                _ = try store.delete(id: item.id, expecting: item)
            }
            try check("Home emptied")
            #expect(try store.wordCounts(.list).allSatisfy { !ListNames.same($0.word, "Home") })
            #expect(try store.apply(.undo)?.command == "move")
            try check("move undone")
            #expect(try store.apply(.redo)?.command == "move")
            try check("move redone")
            store.close()
            store = try backend.open(dir)
            try check("reopened store")
            #expect(try store.wordCounts(.list).contains { $0.word == "Shopping" && $0.open > 0 }, "seed \(seed)")
            store.close()
            steps[backend] = seen
        }
        #expect(steps[.sqlite] == steps[.plist], "the backends differ, seed \(seed)")
    }

    @Test(arguments: Backend.allCases)
    func aListIsKeptThroughAnEditAReopenAndUndo(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        var store = try backend.open(dir)
        var report = TodoItem(id: UUID(), title: "Report", due: Self.today, created: Self.created)
        report.list = "Work"
        _ = try store.add(report)
        let bread = try store.add(TodoItem(id: UUID(), title: "Bread", due: Self.today, created: Self.created))
        #expect(bread.list == nil)
        var moved = bread
        moved.list = "Home"
        _ = try store.edit([(edited: moved, listed: bread)], at: Self.created,
                           journaled: JournalContext(command: "move", time: Self.created))
        store.close()
        store = try backend.open(dir)
        #expect(try store.item(id: bread.id)?.list == "Home")
        #expect(try store.item(id: report.id)?.list == "Work")
        let words = try store.wordCounts(.list).map(\.word).sorted()
        #expect(words == ["Home", "Work"])
        let entry = try #require(try store.journal(limit: 1).first)
        #expect(entry.command == "move")
        // The journal gives back the list the item left.
        #expect(entry.subjects.contains { $0.id == bread.id })
        let found = try store.items(.found(SearchQuery(.term(ListNames.term("home", main: ListNames.local)), description: "")))
        #expect(found.map(\.title) == ["Bread"])
        let main = try store.items(.found(SearchQuery(.term(ListNames.term("LOCAL", main: ListNames.local)), description: "")))
        #expect(main.isEmpty)
        store.close()
    }

    /// An .ics file or a backup without lists updates an item by UID and leaves it in its list.
    @Test(arguments: Backend.allCases)
    func aReceivedCopyWithoutAListKeepsTheItemsList(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var report = TodoItem(id: UUID(), title: "Report", due: Self.today, created: Self.created)
        report.list = "Work"
        _ = try store.add(report)
        var newer = TodoItem(id: UUID(), uid: report.uid, title: "Report, final", due: Self.today, created: Self.created,
                             modified: Self.created + 60)
        newer.list = nil
        #expect(try store.receiveTally([newer]).updated == 1)
        let kept = try #require(try store.item(id: report.id))
        #expect(kept.title == "Report, final" && kept.list == "Work")
        store.close()
    }

    /// A store from before lists: its items are all in the main list, named after its
    /// remote's collection, with nothing rewritten; a move to another list then works.
    @Test func aStoreFromBeforeListsHoldsOneListNamedAfterItsRemote() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        try store.setSyncRemote(url: "https://me@dav.example/calendars/me/errands/")
        let bread = try store.add(TodoItem(id: UUID(), title: "Bread", due: Self.today, created: Self.created))
        store.close()
        // The version before the lists' migration, wherever the merge put it.
        let version = try #require(SQLiteSchema.migrations.firstIndex(of: SQLiteSchema.listField))
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutParent + MigrationTests.withoutSavedSearches + MigrationTests.withoutLists + "PRAGMA user_version = \(version);") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        let kept = try #require(try reopened.item(id: bread.id))
        #expect(kept == bread && kept.list == nil)
        let main = ListNames.mainName(remoteURL: try reopened.syncRemote()?.url)
        #expect(main == "errands")
        #expect(try reopened.count(ItemSelection.all.narrowed(to: ListNames.term("Errands", main: main))) == 1)
        var moved = kept
        moved.list = "Home"
        _ = try reopened.edit([(edited: moved, listed: kept)], at: Self.created)
        #expect(try reopened.wordCounts(.list) == [WordCount(word: "Home", open: 1)])
    }
}
