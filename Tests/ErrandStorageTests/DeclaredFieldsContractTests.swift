import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The declared fields (priority, tags) in both backends, the journal and the JSON export:
/// each stored, read back, checked by the one rule, and a damaged value costs nothing else.
extension StoreContractTests {
    func tagged(_ title: String, priority: Int? = nil, tags: [String] = [], day offset: Int = 0) -> TodoItem {
        var made = item(title, day: offset)
        made.priority = priority
        made.tags = tags
        return made
    }

    @Test(arguments: Backend.allCases)
    func priorityAndTagsAreKeptAndReadBack(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(tagged("Pay rent", priority: 1, tags: ["money", " home ", "Money", "École"]))
        // Trimmed, each once case and accents aside, in the order typed.
        #expect(added.tags == ["money", "home", "École"])
        #expect(added.priority == 1)
        var edited = added
        edited.priority = nil
        edited.tags = ["home"]
        let saved = try store.edit(edited, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000))
        let reopened = try backend.open(dir)
        let back = try #require(try reopened.item(id: added.id))
        #expect(back == saved)
        #expect(back.priority == nil && back.tags == ["home"])
        #expect(back.damage == nil)
    }

    @Test(arguments: Backend.allCases)
    func badFieldValuesAreRefusedNamingTheLimit(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let cases: [(TodoItem, String)] = [
            (tagged("a", priority: 0), "the priority must be 1 to 9: got 0"),
            (tagged("b", priority: 10), "the priority must be 1 to 9: got 10"),
            (tagged("c", tags: ["a,b"]), "a tag cannot hold a comma: \"a,b\""),
            (tagged("d", tags: ["two\nlines"]), "the tag contains control characters (such as escape or NUL); type plain text"),
            (tagged("e", tags: [String(repeating: "x", count: 500)]), "a tag is at most 100 characters"),
            (tagged("f", tags: (1...1_000).map { "t\($0)" }), "an item holds at most 100 tags: got 1000"),
        ]
        for (bad, reason) in cases {
            #expect {
                _ = try store.add(bad)
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
        #expect(try store.counts().total == 0)
    }

    @Test(arguments: Backend.allCases)
    func withinADayOpenItemsSortByTimeThenPriority(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(tagged("none"))
        _ = try store.add(tagged("low", priority: 9))
        _ = try store.add(tagged("high", priority: 1))
        var timed = tagged("timed low", priority: 9)
        timed.time = TimeOfDay(text: "08:00")
        _ = try store.add(timed)
        _ = try store.add(tagged("medium", priority: 5))
        #expect(try store.items(.day(day)).map(\.title) == ["timed low", "high", "medium", "low", "none"])
        #expect(try store.items(.agenda).map(\.title) == ["timed low", "high", "medium", "low", "none"])
        // Done items keep the day's order too (one walk of the day index reads both sections).
        let listed = try store.items(.day(day))
        _ = try store.setDone(true, listed: listed.filter { $0.title == "low" || $0.title == "high" }, at: Date(timeIntervalSince1970: 1_790_000_100))
        #expect(try store.items(.day(day)).map(\.title) == ["timed low", "medium", "none", "high", "low"])
    }

    @Test(arguments: Backend.allCases)
    func undoPutsBackTheFieldsAnEditChanged(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(tagged("Call", priority: 5, tags: ["work"]))
        var edited = added
        edited.tags = ["work", "home"]
        edited.priority = 2
        _ = try store.edit(edited, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000),
                           journaled: JournalContext(command: "edit 1 --tag home", time: Date(timeIntervalSince1970: 1_790_000_000)))
        let entry = try #require(try store.journalEntry(for: .undo))
        #expect(entry.changes.first?.before?.tags == ["work"])
        #expect(entry.changes.first?.after?.priority == 2)
        let reopened = try backend.open(dir)
        #expect(try reopened.journalEntry(for: .undo)?.changes.first?.before == added)
    }

    @Test(.tags(.process), .fullLane) func aHandEditedSQLiteValueIsDamageNotALoss() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("store.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let added = try store.add(tagged("Keep me", priority: 3, tags: ["home"]))
        store.close()
        #expect(try SQLiteCLI.run(path, "UPDATE item SET priority = 42, notes = 'still here';") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        let back = try #require(try reopened.item(id: added.id))
        #expect(back.priority == nil)
        #expect(back.tags == ["home"] && back.notes == "still here")
        #expect(back.damage?.contains("its priority cannot be read (the priority must be 1 to 9: got 42)") == true)
        // Not an array of words (SQLite's own triggers refuse text that is not JSON at all).
        #expect(try SQLiteCLI.run(path, "UPDATE item SET tags = '[1, 2]', tag_keys = '[1, 2]';") == 0)
        let again = try #require(try StoreOpener.open(path: path, backend: .sqlite).item(id: added.id))
        #expect(again.tags.isEmpty && again.damage?.contains("its tags cannot be read") == true)
    }

    @Test func theJSONExportCarriesTheFieldsAndImportChecksThem() throws {
        let dir = TemporaryDirectory()
        let clock = Clock.fixed(day)
        let items = [tagged("Pay rent", priority: 1, tags: ["money", "home"]), tagged("Plain")]
        let path = dir.file("out.json")
        #expect(try ItemExporter.write(items, to: path, clock: clock) == .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let rows = try #require(json?["items"] as? [[String: Any]])
        #expect(rows.first?["priority"] as? Int == 1)
        #expect(rows.first?["tags"] as? [String] == ["money", "home"])
        #expect(rows.last?["priority"] == nil && rows.last?["tags"] == nil)
        let back = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(back.items.map(\.tags) == [["money", "home"], []])
        #expect(back.items.map(\.priority) == [1, nil])
        // A value outside the limits names the field; nothing of the file is imported.
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""priority" *: *1\b"#, with: "\"priority\": 12", options: .regularExpression)
        #expect(text.contains("\"priority\": 12"))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        } throws: { error in
            "\(error)".contains("the priority must be 1 to 9: got 12")
        }
        // The SwiftUI app's plist holds neither: both are counted as left out.
        let left = ItemExporter.fieldsLeftOut(items, in: .weekAppPlist)
        #expect(left.contains { $0.field == "priority" && $0.items == 1 })
        #expect(left.contains { $0.field == "tags" && $0.items == 1 })
    }
}
