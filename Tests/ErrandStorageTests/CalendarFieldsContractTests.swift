import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// What iCalendar and sync need from both backends: items without a due day, a UID kept as
/// text, a modified time, the VTODO an item came from. Part of the contract suite.
extension StoreContractTests {
    func undated(_ title: String) -> TodoItem {
        TodoItem(id: UUID(), title: title, due: nil, created: Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test(arguments: Backend.allCases)
    func itemsWithoutADateAreListedLastAndCountedApart(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let first = try store.add(undated("someday"))
        _ = try store.add(item("dated", day: 3))
        let second = try store.add(undated("one day"))
        let done = try store.add(undated("finished"))
        _ = try store.add(item("yesterday", day: -1))
        _ = try store.setDone(true, id: done.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.items(.agenda, offset: 0, limit: 10).map(\.title)
            == ["yesterday", "dated", "someday", "one day", "finished"])
        #expect(try store.items(.day(nil)).map(\.title) == ["someday", "one day", "finished"])
        #expect(try store.count(.day(nil)) == 3)
        #expect(try store.count(.due(.on(nil), openOnly: true)) == 2)
        // Never overdue, never on a day of the week.
        #expect(try store.count(.overdue(before: day.adding(days: 100))) == 2)
        #expect(try store.items(.overdue(before: day.adding(days: 100)), offset: 0, limit: 10).map(\.title)
            == ["yesterday", "dated"])
        #expect(try store.openCounts(from: day.adding(days: -1), days: 7).reduce(0, +) == 2)
        #expect(try store.counts() == ItemCounts(toDo: 4, done: 1))
        // The equal-item rule holds without a date too.
        #expect(throws: DomainError.duplicate(title: "someday", due: nil)) { try store.add(undated("someday")) }
        // A date given and taken away again.
        var dated = first
        dated.due = day
        let moved = try store.edit(dated, expecting: first, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.count(.due(.on(nil), openOnly: true)) == 1)
        var again = moved
        again.due = nil
        _ = try store.edit(again, expecting: moved, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try store.count(.due(.on(nil), openOnly: true)) == 2)
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: second.id) == second)
        #expect(try reopened.items(.day(nil)).count == 3)
    }

    @Test(arguments: Backend.allCases)
    func anItemWithoutADateHasNoTimeAndDoesNotRepeat(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var timed = undated("timed")
        timed.time = TimeOfDay(text: "09:00")
        #expect(throws: DomainError.undatedField("a time")) { try store.add(timed) }
        var repeating = undated("repeating")
        repeating.repeats = Repeat(unit: .week)
        #expect(throws: DomainError.undatedField("a repeat rule")) { try store.add(repeating) }
        #expect(try store.counts().total == 0)
    }

    @Test(arguments: Backend.allCases)
    func aUIDIsKeptAsGivenAndFoundAsText(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let mine = try store.add(item("made here"))
        #expect(mine.uid == mine.id.uuidString)
        var theirs = item("from todoman")
        theirs.uid = "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop"
        let added = try store.add(theirs)
        #expect(try store.item(uid: "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop") == added)
        #expect(try store.item(uid: "3F2A9C0E51B84D7E9A6C1B2D3E4F5A6B@LAPTOP") == nil)
        #expect(try store.item(uid: mine.id.uuidString) == mine)
        // A UID already known, even as another item's id, is refused.
        var twin = item("twin")
        twin.uid = theirs.uid
        #expect(throws: DomainError.self) { try store.add(twin) }
        var squatter = item("squatter")
        squatter.uid = mine.id.uuidString
        #expect(throws: DomainError.self) { try store.add(squatter) }
        // An edit keeps the stored UID whatever the caller sent.
        var renamed = added
        renamed.uid = "something else"
        renamed.title = "renamed"
        #expect(try store.edit(renamed, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000)).uid == theirs.uid)
        let reopened = try backend.open(dir)
        #expect(try reopened.item(uid: theirs.uid)?.title == "renamed")
        #expect(try reopened.item(id: mine.id)?.uid == mine.id.uuidString)
        #expect(try reopened.counts().total == 2)
    }

    @Test(arguments: Backend.allCases)
    func everyChangeStampsTheModifiedTime(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(item("a"))
        #expect(added.modified == added.created)
        var changed = added
        changed.title = "b"
        let edited = try store.edit(changed, expecting: added, at: Date(timeIntervalSince1970: 1_800_000_000.9))
        #expect(edited.modified == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(edited.created == added.created)
        let checked = try store.setDone(true, id: added.id, expecting: edited, at: Date(timeIntervalSince1970: 1_800_000_100))
        #expect(checked.modified == Date(timeIntervalSince1970: 1_800_000_100))
        let moved = try store.setDone(false, listed: [checked], at: Date(timeIntervalSince1970: 1_800_000_200))
        #expect(moved.map(\.modified) == [Date(timeIntervalSince1970: 1_800_000_200)])
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: added.id) == moved.first)
    }

    @Test(arguments: Backend.allCases)
    func theVTODOAnItemCameFromIsKeptThroughEdits(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var imported = undated("from the phone")
        imported.uid = "phone-1"
        imported.icalendar = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:phone-1\r\nPRIORITY:1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let added = try store.add(imported)
        var edited = added
        edited.title = "from the phone, edited"
        _ = try store.edit(edited, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000))
        let reopened = try backend.open(dir)
        #expect(try reopened.item(uid: "phone-1")?.icalendar == imported.icalendar)
        // Bounded: a kept VTODO past the limit is refused, not stored.
        var huge = undated("huge")
        huge.icalendar = String(repeating: "X", count: TodoItem.maxICalendarBytes + 1)
        #expect(throws: DomainError.tooLong(field: "kept iCalendar text", limit: TodoItem.maxICalendarBytes)) {
            try reopened.add(huge)
        }
    }

    @Test(arguments: Backend.allCases)
    func undoPutsBackAnItemWithoutADateExactly(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var imported = undated("kept")
        imported.uid = "x@y"
        imported.icalendar = "BEGIN:VTODO\r\nEND:VTODO\r\n"
        let added = try store.add(imported)
        let removed = try store.removeAll(journaled: nil)
        #expect(try store.counts().total == 0)
        try store.putBack(removed)
        #expect(try store.item(uid: "x@y") == added)
        #expect(try store.count(.due(.on(nil), openOnly: true)) == 1)
    }

    /// Items from another calendar are matched by UID: new ones added, known ones replaced
    /// when modified later (state and section too), older copies ignored.
    @Test(arguments: Backend.allCases)
    func receivedItemsAreMatchedByUIDAndTheLaterWins(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let local = try store.add(item("Local"))
        var phone = item("From the phone")
        phone.uid = "p@phone"
        phone.modified = Date(timeIntervalSince1970: 1_790_000_100)
        guard case let .added(added)? = try store.receive([phone]).first else {
            Issue.record("not added")
            return
        }
        #expect(added.sequence > local.sequence)
        var newer = phone
        newer.id = UUID()
        newer.title = "From the phone, done"
        newer.isDone = true
        newer.modified = Date(timeIntervalSince1970: 1_790_000_200)
        var older = phone
        older.id = UUID()
        older.title = "stale"
        older.modified = Date(timeIntervalSince1970: 1_790_000_000)
        var twin = item("Local")
        twin.uid = "twin@phone"
        let receipts = try store.receive([newer, older, twin])
        guard case let .updated(before, after)? = receipts.first else {
            Issue.record("not updated: \(receipts)")
            return
        }
        #expect(before == added)
        #expect(after.id == added.id && after.isDone && after.title == "From the phone, done")
        #expect(Array(receipts.dropFirst()) == [.unchanged, .refused])
        let reopened = try backend.open(dir)
        #expect(try reopened.item(uid: "p@phone") == after)
        #expect(try reopened.allItems().map(\.title) == ["Local", "From the phone, done"])
        #expect(try reopened.item(uid: "twin@phone") == nil)
    }
}
