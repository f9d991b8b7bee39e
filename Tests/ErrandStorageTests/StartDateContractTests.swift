import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Start dates (ItemField.start) in both backends: an item with a start and no due day is
/// listed on its start day, and one that has not started is left out of the week's counts.
extension StoreContractTests {
    func starting(_ title: String, start offset: Int, at time: String? = nil, due dueOffset: Int? = nil) -> TodoItem {
        var made = item(title, day: dueOffset ?? 0)
        if dueOffset == nil { made.due = nil }
        made.start = DayTime(day: day.adding(days: offset), time: time.flatMap { TimeOfDay(text: $0) })
        return made
    }

    @Test(arguments: Backend.allCases)
    func aStartWithoutADueDayListsTheItemOnItsStartDay(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(starting("Paint the fence", start: 2, at: "09:00"))
        #expect(added.due == nil && added.start?.text == "2026-12-01T09:00")
        #expect(try store.items(.day(day.adding(days: 2))).map(\.title) == ["Paint the fence"])
        #expect(try store.count(.day(day.adding(days: 2))) == 1)
        #expect(try store.count(.due(.on(nil), openOnly: true)) == 0)
        #expect(try store.items(.agenda).map(\.title) == ["Paint the fence"])
        // Moving the start moves the day it is listed on, tallies and all.
        var moved = added
        moved.start = DayTime(day: day.adding(days: 4))
        _ = try store.edit(moved, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_100))
        store.close()
        let reopened = try backend.open(dir)
        let back = try #require(try reopened.item(id: added.id))
        #expect(back.due == nil && back.start?.text == "2026-12-03")
        #expect(try reopened.count(.day(day.adding(days: 2))) == 0)
        #expect(try reopened.items(.day(day.adding(days: 4))).map(\.id) == [added.id])
        #expect(try reopened.openCounts(from: day, days: 7) == [0, 0, 0, 0, 1, 0, 0])
    }

    @Test(arguments: Backend.allCases)
    func anItemNotStartedYetCountsOnItsDayAsTheDayListsIt(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(starting("Book the train", start: 2, due: 3))
        _ = try store.add(item("Buy stamps", day: 3))
        _ = try store.add(starting("Paint the fence", start: 1))
        // Started or not, an open item counts on the day it is listed on; a done one never.
        _ = try store.add(starting("Call Ana", start: 0, due: 3))
        let done = try store.add(starting("Old", start: 5, due: 6))
        _ = try store.setDone(true, listed: [done], at: Date(timeIntervalSince1970: 1_790_000_100))
        #expect(try store.openCounts(from: day, days: 7) == [0, 1, 0, 3, 0, 0, 0])
        // The day lists what it counts: the list says when each starts.
        #expect(try store.count(.due(.on(day.adding(days: 3)), openOnly: true)) == 3)
    }

    @Test(arguments: Backend.allCases)
    func undoPutsBackAStartAndTheDayItWasListedOn(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(starting("Paint the fence", start: 2))
        var edited = added
        edited.due = day.adding(days: 6)
        edited.start = nil
        _ = try store.edit(edited, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000),
                           journaled: JournalContext(command: "edit 1 --date dec 5", time: Date(timeIntervalSince1970: 1_790_000_000)))
        #expect(try store.count(.day(day.adding(days: 2))) == 0)
        _ = try store.apply(.undo)
        let reopened = try backend.open(dir)
        let back = try #require(try reopened.item(id: added.id))
        #expect(back == added)
        #expect(try reopened.items(.day(day.adding(days: 2))).map(\.id) == [added.id])
        #expect(try reopened.count(.day(day.adding(days: 6))) == 0)
    }

    @Test(arguments: Backend.allCases)
    func aBadStartIsRefusedNamingIt(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var bad = item("a")
        bad.fields[.start] = .text("2026-02-30")
        #expect {
            _ = try store.add(bad)
        } throws: { error in
            "\(error)".contains("the start must be a day YYYY-MM-DD, optionally with THH:MM: got \"2026-02-30\"")
        }
        #expect(try store.counts().total == 0)
    }

    @Test(.tags(.process), .fullLane) func aHandEditedSQLiteStartIsDamageNotALoss() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("store.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let added = try store.add(starting("Keep me", start: 1, due: 2))
        store.close()
        #expect(try SQLiteCLI.run(path, "UPDATE item SET start = 'soon';") == 0)
        let back = try #require(try StoreOpener.open(path: path, backend: .sqlite).item(id: added.id))
        #expect(back.start == nil && back.due == day.adding(days: 2))
        #expect(back.damage?.contains("its start cannot be read") == true)
    }

    @Test func theJSONExportCarriesTheStart() throws {
        let dir = TemporaryDirectory()
        let clock = Clock.fixed(day)
        let items = [starting("Paint the fence", start: 2, at: "09:00"), starting("Book the train", start: 1, due: 3)]
        let path = dir.file("out.json")
        #expect(try ItemExporter.write(items, to: path, clock: clock) == .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let rows = try #require(json?["items"] as? [[String: Any]])
        #expect(rows.map { $0["start"] as? String } == ["2026-12-01T09:00", "2026-11-30"])
        let back = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(back.items.map(\.start) == items.map(\.start))
        #expect(back.items.map(\.due) == [nil, day.adding(days: 3)])
    }
}
