import ErrandDomain
import Foundation
import Testing

@Suite struct ItemManagerTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!
    let created = Date(timeIntervalSince1970: 1_790_000_000)

    func item(_ title: String, day offset: Int = 0, notes: String? = nil, place: String? = nil) -> TodoItem {
        TodoItem(id: UUID(), title: title, notes: notes, due: day.adding(days: offset),
                 location: place.map { Location(name: $0) }, created: created)
    }

    @Test func newManagerIsEmpty() {
        let manager = ItemManager()
        #expect(manager.toDoCount == 0)
        #expect(manager.doneCount == 0)
    }

    @Test func addingIncreasesToDoCountAndKeepsOrder() throws {
        var manager = ItemManager()
        try manager.add(item("a"))
        try manager.add(item("b"))
        #expect(manager.toDoCount == 2)
        #expect(manager.toDoItems.map(\.title) == ["a", "b"])
    }

    @Test func checkMovesToEndOfDoneAndUncheckBack() throws {
        var manager = ItemManager()
        let a = try manager.add(item("a"))
        let b = try manager.add(item("b"))
        let c = try manager.add(item("c"))
        try manager.setDone(true, id: b.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        try manager.setDone(true, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(manager.toDoItems.map(\.title) == ["c"])
        #expect(manager.doneItems.map(\.title) == ["b", "a"])
        try manager.setDone(false, id: b.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(manager.toDoItems.map(\.title) == ["c", "b"])
        #expect(manager.counts == ItemCounts(toDo: 2, done: 1))
        #expect(throws: DomainError.alreadyDone("a")) { try manager.setDone(true, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        #expect(throws: DomainError.notDone("c")) { try manager.setDone(false, id: c.id, at: Date(timeIntervalSince1970: 1_790_000_000)) }
    }

    @Test func equalOpenItemIsRefusedButDoneOneIsNot() throws {
        var manager = ItemManager()
        let first = try manager.add(item("Milk", notes: "2 l", place: "Shop"))
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) {
            try manager.add(item("Milk", notes: "2 l", place: "Shop"))
        }
        try manager.add(item("Milk", notes: "1 l", place: "Shop"))
        try manager.add(item("Milk", day: 1, notes: "2 l", place: "Shop"))
        try manager.setDone(true, id: first.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        try manager.add(item("Milk", notes: "2 l", place: "Shop"))
        #expect(manager.toDoCount == 3)
        #expect(throws: DomainError.duplicate(title: "Milk", due: day)) {
            try manager.setDone(false, id: first.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        }
    }

    @Test func removeAllEmptiesBothSectionsAndRestorePutsThemBack() throws {
        var manager = ItemManager()
        let a = try manager.add(item("a"))
        try manager.add(item("b"))
        try manager.setDone(true, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        let before = manager
        let removed = manager.removeAll()
        #expect(manager.counts == ItemCounts(toDo: 0, done: 0))
        manager.restore(removed)
        #expect(manager == before)
    }

    @Test func weekCountsOnlyOpenItemsPerDay() throws {
        var manager = ItemManager()
        try manager.add(item("a"))
        try manager.add(item("b"))
        let c = try manager.add(item("c", day: 2))
        try manager.add(item("d", day: 7))
        try manager.add(item("e", day: -1))
        try manager.setDone(true, id: c.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(manager.openCounts(from: day, days: 7) == [2, 0, 0, 0, 0, 0, 0])
        let rows = WeekRow.week(from: day, counts: manager.openCounts(from: day, days: 7), labeler: .english)
        #expect(rows.map(\.label) == ["Sun Nov 29", "Mon Nov 30", "Tue Dec 1", "Wed Dec 2", "Thu Dec 3",
                                       "Fri Dec 4", "Sat Dec 5"])
        #expect(manager.items(.day(day.adding(days: 2))).map(\.title) == ["c"])
    }

    @Test func dayListPutsTimedFirstThenDone() throws {
        var manager = ItemManager()
        try manager.add(item("late"))
        var timed = item("timed")
        timed.time = TimeOfDay(text: "09:00")
        try manager.add(timed)
        let done = try manager.add(item("done"))
        try manager.setDone(true, id: done.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(manager.items(.day(day)).map(\.title) == ["timed", "late", "done"])
    }

    @Test func deleteRemovesOnlyThatItem() throws {
        var manager = ItemManager()
        let a = try manager.add(item("a"))
        try manager.add(item("b"))
        #expect(try manager.remove(id: a.id).title == "a")
        #expect(manager.allInSections.map(\.title) == ["b"])
        #expect(throws: DomainError.notFound(a.id.uuidString)) { try manager.remove(id: a.id) }
    }

    @Test func validationTrimsAndRefusesEmptyFields() throws {
        var manager = ItemManager()
        #expect(throws: DomainError.emptyTitle) { try manager.add(item("   ")) }
        #expect(throws: DomainError.emptyLocationName) { try manager.add(item("x", place: " ")) }
        #expect(try manager.add(item("  x  ", notes: "  ")).title == "x")
        #expect(manager.toDoItems.first?.notes == nil)
        #expect(throws: DomainError.invalidCoordinates("91.0,0.0")) {
            try Coordinate(latitude: 91, longitude: 0)
        }
        #expect(try Coordinate(text: "48.85, 2.35").longitude == 2.35)
    }

    @Test func clockDayOfAMomentFollowsTheTimeZone() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let clock = Clock(timeZone: paris)
        // 2026-11-29 23:30 UTC is already Nov 30 in Paris.
        let moment = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 23.5 * 3_600)
        #expect(clock.day(of: moment).iso == "2026-11-30")
        #expect(clock.time(of: moment)?.description == "00:30")
        #expect(clock.date(of: day.adding(days: 1), at: TimeOfDay(text: "00:30")) == moment)
        #expect(Clock.fixed(day).today == day)
    }

    /// With no zone given, Clock asks the C library for the offset (cheaper at start-up than
    /// TimeZone.current): it must agree with Foundation's zone for this process, at any moment
    /// from year 1 to 9999, and never trap.
    @Test func systemZoneAgreesWithFoundation() {
        let system = Clock()
        let foundation = Clock(timeZone: .current)
        var moments = stride(from: -62_135_596_800.0, through: 253_402_300_799, by: 86_400 * 3_653.3).map { $0 }
        moments += [0, 1_790_000_000, 1_774_746_000, 1_792_890_000, -1e300, 1e300, .infinity, -.infinity, .nan]
        for seconds in moments {
            let moment = Date(timeIntervalSince1970: seconds)
            #expect(system.day(of: moment) == foundation.day(of: moment), "\(seconds)")
            #expect(system.time(of: moment) == foundation.time(of: moment), "\(seconds)")
        }
    }

    /// The equal-item rule is a keyed lookup now; it must follow every change of state.
    @Test func theEqualItemRuleFollowsEveryChange() throws {
        var manager = ItemManager()
        let a = try manager.add(item("same", place: "Home"))
        #expect(throws: DomainError.self) { try manager.add(item("same", place: "Home")) }
        _ = try manager.add(item("same", place: "Office"))
        try manager.setDone(true, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        let b = try manager.add(item("same", place: "Home"))
        #expect(throws: DomainError.duplicate(title: "same", due: day)) { try manager.setDone(false, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        try manager.remove(id: b.id)
        try manager.setDone(false, id: a.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        let removed = manager.removeAll()
        _ = try manager.add(item("same", place: "Home"))
        manager.removeAll()
        manager.restore(removed)
        #expect(throws: DomainError.self) { try manager.add(item("same", place: "Home")) }
    }

    /// A hand-made file may hold two equal open items: removing one keeps the rule for the other.
    @Test func twoEqualOpenItemsFromAFileStillGuardTheRule() throws {
        var first = item("twin")
        first.sequence = 1
        var second = item("twin")
        second.sequence = 2
        var manager = ItemManager(items: [first, second])
        try manager.setDone(true, id: first.id, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(throws: DomainError.self) { try manager.add(item("twin")) }
        try manager.remove(id: second.id)
        _ = try manager.add(item("twin"))
    }
}

@Suite struct ItemLimitTests {
    @Test func runawayFieldsAreRefusedWithTheLimit() {
        let day = DueDay(year: 2026, month: 11, day: 29)!
        var manager = ItemManager()
        let long = String(repeating: "a", count: TodoItem.maxTitle + 1)
        #expect(throws: DomainError.tooLong(field: "title", limit: TodoItem.maxTitle)) {
            try manager.add(TodoItem(id: UUID(), title: long, due: day, created: Date()))
        }
        #expect(throws: DomainError.tooLong(field: "notes", limit: TodoItem.maxNotes)) {
            try manager.add(TodoItem(id: UUID(), title: "x", notes: String(repeating: "n", count: TodoItem.maxNotes + 1),
                                     due: day, created: Date()))
        }
        #expect(DomainError.tooLong(field: "title", limit: 500).description == "the title is too long: at most 500 characters")
    }
}

@Suite struct ControlCharacterTests {
    @Test(arguments: ["nul\u{0}x", "esc\u{1B}[2J", "bell\u{7}", "c1\u{9B}31m", "line\nbreak"])
    func titlesWithControlCharactersAreRefused(_ title: String) {
        var manager = ItemManager()
        #expect(throws: DomainError.controlCharacters(field: "title")) {
            try manager.add(TodoItem(id: UUID(), title: title, due: DueDay(dayNumber: 0), created: Date()))
        }
    }

    @Test func notesMayHoldNewlinesAndTabs() throws {
        var manager = ItemManager()
        let item = try manager.add(TodoItem(id: UUID(), title: "x", notes: "a\n\tb", due: DueDay(dayNumber: 0), created: Date()))
        #expect(item.notes == "a\n\tb")
    }
}
