import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// One suite, both backends: the same calls must give the same results.
@Suite struct StoreContractTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!

    func item(_ title: String, day offset: Int = 0, notes: String? = nil, place: Location? = nil) -> TodoItem {
        TodoItem(id: UUID(), title: title, notes: notes, due: day.adding(days: offset), location: place,
                 created: Date(timeIntervalSince1970: 1_790_000_000.7))
    }

    @Test(arguments: Backend.allCases)
    func addAndReadBackEveryField(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var full = item("Buy milk", notes: "semi-skimmed", place: Location(
            name: "Épicerie 東京", coordinate: try Coordinate(latitude: 48.8566, longitude: 2.3522)))
        full.time = TimeOfDay(text: "09:30")
        let added = try store.add(full)
        #expect(added.sequence > 0)
        store.close()
        let reopened = try backend.open(dir)
        let back = try #require(try reopened.item(id: full.id))
        #expect(back == added)
        #expect(back.created == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(back.location?.coordinate?.latitude == 48.8566)
    }

    @Test(arguments: Backend.allCases)
    func sectionsCountsAndCheckOrder(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"))
        let b = try store.add(item("b"))
        _ = try store.add(item("c", day: 1))
        _ = try store.setDone(true, id: b.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        _ = try store.setDone(true, id: a.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.allItems().map(\.title) == ["c", "b", "a"])
        #expect(try store.counts() == ItemCounts(toDo: 1, done: 2))
        _ = try store.setDone(false, id: b.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.allItems().map(\.title) == ["c", "b", "a"])
        #expect(try store.allItems().map(\.isDone) == [false, false, true])
        #expect(throws: DomainError.notDone("b")) { try store.setDone(false, id: b.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) }
    }

    @Test(arguments: Backend.allCases)
    func anEditChangesFieldsInPlaceAndKeepsWhatIdentifiesTheItem(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"))
        let b = try store.add(item("b"))
        var changed = a
        changed.title = "a, renamed"
        changed.due = day.adding(days: 3)
        changed.time = TimeOfDay(text: "10:15")
        changed.location = Location(name: "Office")
        // What identifies the item and orders it is the stored one's, whatever the caller sent.
        changed.created = Date(timeIntervalSince1970: 0)
        changed.sequence = 999
        let edited = try store.edit(changed, expecting: a, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(edited.id == a.id && edited.created == a.created && edited.sequence == a.sequence && !edited.isDone)
        #expect(edited.title == "a, renamed" && edited.due == day.adding(days: 3) && edited.location?.name == "Office")
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: a.id) == edited)
        #expect(try reopened.allItems().map(\.id) == [a.id, b.id])
        // The listing is stale now: nothing more is done, in the same words on both backends.
        #expect(throws: StoreError.changed(title: "a")) { try reopened.edit(changed, expecting: a, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(throws: StoreError.vanished(title: "gone")) {
            try reopened.edit(self.item("gone"), expecting: self.item("gone"), at: Date(timeIntervalSince1970: 1_790_000_000))
        }
    }

    @Test(arguments: Backend.allCases)
    func anEditMayNotMakeAnOpenItemEqualToAnother(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let milk = try store.add(item("Milk"))
        let bread = try store.add(item("Bread"))
        var clash = bread
        clash.title = "Milk"
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) { try store.edit(clash, expecting: bread, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(try store.item(id: bread.id) == bread)
        // Done items are not held to it; nor is an edit that keeps the item's own entry.
        let done = try store.setDone(true, id: bread.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        var doneMilk = done
        doneMilk.title = "Milk"
        #expect(try store.edit(doneMilk, expecting: done, at: Date(timeIntervalSince1970: 1_790_000_000)).title == "Milk")
        var notes = milk
        notes.notes = nil
        #expect(try store.edit(notes, expecting: milk, at: milk.modified) == milk)
        // An edit is validated as a new item is.
        var empty = milk
        empty.title = "  "
        #expect(throws: DomainError.self) { try store.edit(empty, expecting: milk, at: Date(timeIntervalSince1970: 1_790_000_000)) }
    }

    @Test(arguments: Backend.allCases)
    func severalListedItemsChangeTogetherOrNotAtAll(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let listed = try (1...4).map { try store.add(item("item \($0)")) }
        // Another shell changes one of them after they were listed: nothing at all is done.
        let other = try backend.open(dir)
        _ = try other.setDone(true, id: listed[2].id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let before = try store.allItems()
        #expect(throws: StoreError.changed(title: "item 3")) { try store.setDone(true, listed: listed, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(throws: StoreError.changed(title: "item 3")) { try store.delete(listed: listed) }
        var later = listed
        for i in later.indices { later[i].due = day.adding(days: 2) }
        #expect(throws: StoreError.changed(title: "item 3")) {
            try store.edit(Array(zip(later, listed)).map { (edited: $0.0, listed: $0.1) }, at: Date(timeIntervalSince1970: 1_790_000_000))
        }
        #expect(try store.allItems() == before)
        // A rule refusing one of them refuses them all: two equal items cannot both reopen.
        let twins = try [store.add(item("twin")), store.add(item("twin", notes: "x"))]
        let done = try store.setDone(true, listed: twins, at: Date(timeIntervalSince1970: 1_790_000_000))
        var same = done[1]
        same.notes = nil
        let edited = try store.edit(same, expecting: done[1], at: Date(timeIntervalSince1970: 1_790_000_000))
        let all = try store.allItems()
        #expect(throws: DomainError.duplicate(title: "twin", due: day)) { try store.setDone(false, listed: [done[0], edited], at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(try store.allItems() == all)
        // Without a stale one, they all change, in the order given.
        let fresh = try [listed[3], listed[0]].map { try #require(try store.item(id: $0.id)) }
        let moved = try store.setDone(true, listed: fresh, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(moved.map(\.title) == ["item 4", "item 1"] && moved[0].sequence < moved[1].sequence)
        #expect(try store.delete(listed: moved).count == 2)
        #expect(try store.item(id: listed[0].id) == nil && store.item(id: listed[3].id) == nil)
    }

    @Test(arguments: Backend.allCases)
    func overdueItemsAreTheOpenOnesBeforeADayOldestFirst(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var timed = item("timed", day: -1)
        timed.time = TimeOfDay(hour: 8, minute: 0)
        let later = try store.add(item("later", day: -1))
        let early = try store.add(timed)
        let oldest = try store.add(item("oldest", day: -5))
        let done = try store.add(item("done", day: -2))
        _ = try store.setDone(true, id: done.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        _ = try store.add(item("today"))
        #expect(try store.count(.overdue(before: day)) == 3)
        #expect(try store.items(.overdue(before: day), offset: 0, limit: .max) == [oldest, early, later])
        #expect(try store.items(.overdue(before: day), offset: 1, limit: 1) == [early])
        #expect(try store.count(.overdue(before: day.adding(days: -5))) == 0)
    }

    @Test(arguments: Backend.allCases)
    func findFoldsCaseAndAccentsAndMatchesTheStartOfWords(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let school = try store.add(item("Visit École Normale", notes: "bring the PASSPORT"))
        let mairie = try store.add(item("Renew passport", place: Location(name: "Mairie du 3e")))
        _ = try store.add(item("Buy bread"))
        let doneSchool = try store.setDone(true, id: school.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        func found(_ text: String) throws -> [String] {
            let query = try #require(SearchQuery(text))
            let page = try store.items(.found(query), offset: 0, limit: .max)
            #expect(try store.count(.matching(query)) == page.count, "\(backend) \(text)")
            return page.map(\.title)
        }
        #expect(try found("ecole") == ["Visit École Normale"])
        // To do, then Done; every word required, each the start of a word in any field.
        #expect(try found("pass") == ["Renew passport", "Visit École Normale"])
        #expect(try found("pass mairie") == ["Renew passport"])
        #expect(try found("ENEW") == [])
        #expect(try found("3E") == ["Renew passport"])
        #expect(try found("bread, butter") == [])
        #expect(try store.items(.found(try #require(SearchQuery("pass"))), offset: 1, limit: 1) == [doneSchool])
        _ = try store.delete(id: mairie.id, expecting: nil)
        #expect(try found("mairie") == [])
        #expect(SearchQuery(" ... ") == nil)
    }

    @Test(arguments: Backend.allCases)
    func theAgendaListsToDoByDueDayThenDoneInCheckOrder(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var timed = item("later today, timed", day: 0)
        timed.time = TimeOfDay(hour: 18, minute: 0)
        let friday = try store.add(item("friday", day: 5))
        let untimed = try store.add(item("today, untimed"))
        let atSix = try store.add(timed)
        let checkedSecond = try store.add(item("checked second", day: -3))
        let checkedFirst = try store.add(item("checked first", day: 9))
        let yesterday = try store.add(item("yesterday", day: -1))
        let two = try store.setDone(true, id: checkedFirst.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let one = try store.setDone(true, id: checkedSecond.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let expected = [yesterday, atSix, untimed, friday, two, one]
        #expect(try store.items(.agenda, offset: 0, limit: .max) == expected)
        // Pages cut across the sections as anywhere else.
        var paged: [TodoItem] = []
        for start in stride(from: 0, to: 8, by: 3) { paged += try store.items(.agenda, offset: start, limit: 3) }
        #expect(paged == expected)
        #expect(try store.items(.agenda, offset: 4, limit: 1) == [two])
        #expect(try store.allItems() == [friday, untimed, atSix, yesterday, two, one])
    }

    @Test(arguments: Backend.allCases)
    func aRepeatingItemKeepsItsRuleAndItsCheckAddsTheNextOccurrence(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var rent = item("rent", day: 2)
        rent.repeats = Repeat(text: "month", afterDone: true, from: rent.due)
        let stored = try store.add(rent)
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: rent.id)?.repeats == rent.repeats)
        var next = item("rent", day: 33)
        next.repeats = rent.repeats
        let (checked, added) = try reopened.check(listed: [stored], next: [next], at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(checked.map(\.isDone) == [true] && added.map(\.id) == [next.id])
        #expect(try reopened.item(id: next.id)?.repeats == rent.repeats)
        // An occurrence equal to an open item is not added twice; a stale listing adds nothing.
        let again = try reopened.add(item("water"))
        var twin = next
        twin.id = UUID()
        #expect(try reopened.check(listed: [again], next: [twin], at: Date(timeIntervalSince1970: 1_790_000_000)).added.isEmpty)
        var other = item("later", day: 40)
        other.repeats = rent.repeats
        #expect(throws: StoreError.vanished(title: "gone")) {
            try reopened.check(listed: [self.item("gone")], next: [other], at: Date(timeIntervalSince1970: 1_790_000_000))
        }
        #expect(try reopened.item(id: other.id) == nil)
    }

    @Test(arguments: Backend.allCases)
    func duplicatesRefusedWithReason(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(item("Milk", notes: "2 l"))
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) { try store.add(item("Milk", notes: "2 l")) }
        _ = try store.add(item("Milk", notes: "1 l"))
        #expect(try store.counts().toDo == 2)
    }

    /// Equal is EntryKey's notion on every backend, SQLite's index only narrows the search:
    /// the whole place counts, reopening is adding back, and a stored id is taken.
    @Test(arguments: Backend.allCases)
    func equalMeansTheWholeEntryAndReopeningIsAddingBack(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let here = try Coordinate(latitude: 48.85, longitude: 2.35)
        let first = try store.add(item("Milk", place: Location(name: "Shop", coordinate: here)))
        _ = try store.add(item("Milk", place: Location(name: "Shop", coordinate: try Coordinate(latitude: 48.86, longitude: 2.35))))
        _ = try store.add(item("Milk", place: Location(name: "Shop")))
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) {
            try store.add(item("Milk", place: Location(name: "Shop", coordinate: here)))
        }
        _ = try store.setDone(true, id: first.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let again = try store.add(item("Milk", place: Location(name: "Shop", coordinate: here)))
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) { try store.setDone(false, id: first.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        _ = try store.delete(id: again.id, expecting: again)
        _ = try store.setDone(false, id: first.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        var reused = item("Other title")
        reused.id = first.id
        #expect(throws: DomainError.duplicate(title: "Other title", due: day)) { try store.add(reused) }
        #expect(try store.importItems([reused]).skipped == 1)
        #expect(try store.counts() == ItemCounts(toDo: 3, done: 0))
    }

    /// "café" typed precomposed and decomposed looks the same and is the same entry: SQLite,
    /// which compares bytes, must refuse it where the in-memory backend's == does.
    @Test(arguments: Backend.allCases)
    func canonicallyEqualTitlesAreOneEntry(_ backend: Backend) throws {
        let composed = "Caf\u{E9} cr\u{E8}me", decomposed = "Cafe\u{301} cre\u{300}me"
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let first = try store.add(item(composed))
        #expect(refusal { _ = try store.add(item(decomposed)) } == DomainError.duplicate(title: composed, due: day).description)
        #expect(try store.importItems([item(decomposed)]).skipped == 1)
        _ = try store.setDone(true, id: first.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let second = try store.add(item(decomposed))
        #expect(refusal { _ = try store.setDone(false, id: first.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) }
            == DomainError.duplicate(title: composed, due: day).description)
        // And the other way round: a decomposed title stored first is refused to the composed one.
        _ = try store.add(item("Zu\u{308}rich"))
        #expect(refusal { _ = try store.add(item("Z\u{FC}rich")) } == DomainError.duplicate(title: "Z\u{FC}rich", due: day).description)
        #expect(try store.counts() == ItemCounts(toDo: 2, done: 1))
        #expect(second.title.utf8.elementsEqual(composed.utf8))
    }

    /// What is stored is the NFC form of what was typed, and it reads back byte for byte.
    @Test(arguments: Backend.allCases)
    func storedTextIsNFCAndRoundTrips(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(item("Cafe\u{301}", notes: "cre\u{300}me bru\u{302}le\u{301}e",
                                       place: Location(name: "Zu\u{308}rich")))
        #expect(added.title.utf8.elementsEqual("Caf\u{E9}".utf8))
        #expect(added.notes?.utf8.elementsEqual("cr\u{E8}me br\u{FB}l\u{E9}e".utf8) == true)
        #expect(added.location?.name.utf8.elementsEqual("Z\u{FC}rich".utf8) == true)
        store.close()
        let reopened = try backend.open(dir)
        let back = try #require(try reopened.item(id: added.id))
        #expect(back.title.utf8.elementsEqual(added.title.utf8))
        #expect(back.notes?.utf8.elementsEqual("cr\u{E8}me br\u{FB}l\u{E9}e".utf8) == true)
        #expect(back.location?.name.utf8.elementsEqual("Z\u{FC}rich".utf8) == true)
        #expect(try reopened.allItems().map { Array($0.title.utf8) } == [Array("Caf\u{E9}".utf8)])
    }

    /// Items an older version stored un-normalised (put back here as undo puts items back,
    /// exactly as given) keep their bytes and still block every spelling of their title.
    @Test(arguments: Backend.allCases)
    func unNormalisedStoredTitlesKeepTheirBytesAndStillCount(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        // NFD, and a mix that is neither NFC nor NFD.
        let legacy = [item("Cafe\u{301}"), item("e\u{301}t\u{E9}")]
        try store.putBack(legacy.enumerated().map { var old = $1; old.sequence = Int64($0 + 1); return old })
        #expect(refusal { _ = try store.add(item("Caf\u{E9}")) } == DomainError.duplicate(title: "Caf\u{E9}", due: day).description)
        #expect(refusal { _ = try store.add(item("\u{E9}t\u{E9}")) } == DomainError.duplicate(title: "\u{E9}t\u{E9}", due: day).description)
        #expect(refusal { _ = try store.add(item("e\u{301}te\u{301}")) } != nil)
        let kept = try legacy.map { try #require(try store.item(id: $0.id)).title }
        #expect(kept.map { Array($0.utf8) } == legacy.map { Array($0.title.utf8) })
        // Reopening a legacy item beside an equal new one is refused too.
        _ = try store.setDone(true, id: legacy[0].id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        _ = try store.add(item("Caf\u{E9}"))
        #expect(refusal { _ = try store.setDone(false, id: legacy[0].id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) } != nil)
    }

    /// The user-facing reason of a refused change, or nil if it was accepted.
    func refusal(_ change: () throws -> Void) -> String? {
        do {
            try change()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: Backend.allCases)
    func weekAndDayQueries(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(item("a"))
        _ = try store.add(item("b"))
        let c = try store.add(item("c", day: 3))
        _ = try store.add(item("d", day: 3))
        _ = try store.add(item("late", day: 7))
        _ = try store.setDone(true, id: c.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.openCounts(from: day, days: 7) == [2, 0, 0, 1, 0, 0, 0])
        #expect(try store.items(.day(day.adding(days: 3))).map(\.title) == ["d", "c"])
        #expect(try store.items(.day(day.adding(days: 5))).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func staleExpectationsTouchNothing(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"))
        let other = try backend.open(dir)
        _ = try other.setDone(true, id: a.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(throws: StoreError.changed(title: "a")) { try store.delete(id: a.id, expecting: a) }
        _ = try other.delete(id: a.id, expecting: nil)
        #expect(throws: StoreError.vanished(title: "a")) { try store.setDone(true, id: a.id, expecting: a, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(try store.counts() == ItemCounts(toDo: 0, done: 0))
    }

    /// The stale-listing rule speaks the same words on every backend; with no listing to
    /// hold it against, a missing id is simply not found.
    @Test(arguments: Backend.allCases)
    func staleAndMissingItemsAreReportedInTheSameWords(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"))
        var edited = a
        edited.notes = "as another shell listed it"
        func message(_ call: () throws -> TodoItem) -> String {
            do { return "no error: \(try call().title)" } catch { return "\(error)" }
        }
        #expect(message { try store.setDone(true, id: a.id, expecting: edited, at: Date(timeIntervalSince1970: 1_790_000_000)) }
                == "\"a\" was changed since it was listed (another shell?); nothing was done: list again")
        _ = try store.delete(id: a.id, expecting: a)
        #expect(message { try store.delete(id: a.id, expecting: a) }
                == "\"a\" is no longer in the store (another shell?); nothing was done: list again")
        #expect(message { try store.setDone(true, id: a.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) } == "no item \(a.id.uuidString)")
        #expect(message { try store.delete(id: a.id, expecting: nil) } == "no item \(a.id.uuidString)")
    }

    @Test(arguments: Backend.allCases)
    func removeAllRestoreAndDeleteIds(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"))
        let b = try store.add(item("b"))
        _ = try store.setDone(true, id: a.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let before = try store.allItems()
        let removed = try store.removeAll(journaled: nil)
        #expect(removed == before)
        #expect(try store.counts().total == 0)
        try store.putBack(removed)
        #expect(try store.allItems() == before)
        let fresh = try store.add(item("c"))
        #expect(fresh.sequence > before.map(\.sequence).max() ?? 0)
        try store.delete(ids: [b.id, fresh.id])
        #expect(try store.allItems().map(\.title) == ["a"])
    }

    @Test(arguments: Backend.allCases)
    func importIsAllOrNothingAndSkipsDuplicates(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(item("a"))
        let outcome = try store.importItems([item("a"), item("b"), item("b"), item("c", day: 2)])
        #expect(outcome.added.map(\.title) == ["b", "c"])
        #expect(outcome.skipped == 2)
        #expect(throws: DomainError.emptyTitle) { try store.importItems([item("d"), item(" ")]) }
        #expect(try store.counts().toDo == 3)
    }

    @Test(arguments: Backend.allCases)
    func newFilesArePrivate(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("deep/er/" + backend.fileName)
        let store = try StoreOpener.open(path: path, backend: backend)
        _ = try store.add(item("a"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let dirAttributes = try FileManager.default.attributesOfItem(atPath: dir.file("deep/er"))
        #expect((dirAttributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test(arguments: Backend.allCases)
    func twoHandlesSeeEachOthersChanges(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let first = try backend.open(dir)
        let second = try backend.open(dir)
        _ = try first.add(item("a"))
        _ = try second.add(item("b"))
        _ = try first.add(item("c"))
        #expect(try first.allItems().map(\.title) == ["a", "b", "c"])
        #expect(try second.allItems().map(\.title) == ["a", "b", "c"])
    }
}

@Suite struct CatalogueContractTests {
    @Test(arguments: Backend.allCases)
    func cacheRoundTripsAndSingleAdsAreFound(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        #expect(try store.catalogue() == nil)
        #expect(try store.ad(id: 1) == nil)
        let ads = [Ad(id: 1, categoryID: 2, title: "a", description: "d", price: 1.5, smallImage: "s", created: 10, isUrgent: true),
                   Ad(id: 2, categoryID: 2, title: "b", description: "e", price: 2, thumbImage: "t", created: 20,
                      isUrgent: false, siret: "123")]
        let catalogue = Catalogue(ads: ads, categories: [AdCategory(id: 2, name: "Maison")], source: "file:///x/", fetched: 99)
        #expect(try store.replaceCatalogue(catalogue) == CatalogueChange(added: 2, updated: 0, removed: 0))
        let reopened = try backend.open(dir)
        #expect(try reopened.catalogue() == catalogue)
        let found = try #require(try reopened.ad(id: 2))
        #expect(found.ad == ads[1])
        #expect(found.category == "Maison")
    }

    /// A category id no ad has lists no ad (not every ad), and an ad whose category is missing
    /// from the category list is still listed under its id: the filter is the ads' own id.
    @Test(arguments: Backend.allCases)
    func anUnknownCategoryListsNoAds(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let ads = [Ad(id: 1, categoryID: 2, title: "a", description: "d", price: 1, created: 10, isUrgent: false),
                   Ad(id: 2, categoryID: 7, title: "b", description: "e", price: 2, created: 20, isUrgent: false)]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: [AdCategory(id: 2, name: "Maison")],
                                                 source: "file:///x/", fetched: 99))
        #expect(try store.listedAds(in: 99, offset: 0, limit: 10).isEmpty)
        #expect(try store.listedAds(in: 7, offset: 0, limit: 10).map(\.id) == [2])
        #expect(try store.listedAds(in: 2, offset: 0, limit: 10).map(\.id) == [1])
        #expect(try store.listedAds(in: nil, offset: 0, limit: 10).map(\.id) == [2, 1])
    }
}
