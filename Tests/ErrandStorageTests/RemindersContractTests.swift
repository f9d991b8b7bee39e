import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Reminders in both backends, the journal and the JSON export: kept, read back, refused by
/// the one rule with nothing half-written.
extension StoreContractTests {
    func reminding(_ title: String, _ texts: [String], time: String? = "10:00") -> TodoItem {
        var made = item(title)
        made.time = time.flatMap { TimeOfDay(text: $0) }
        made.fields[.reminders] = texts.isEmpty ? nil : .words(texts)
        return made
    }

    @Test(arguments: Backend.allCases)
    func remindersAreKeptUndoneAndReadBack(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(reminding("Call mum", ["-PT30M", "2026-11-29T08:00", "-P1D"]))
        #expect(added.reminders.count == 3)
        var edited = added
        edited.reminders = []
        _ = try store.edit(edited, expecting: added, at: Date(timeIntervalSince1970: 1_790_000_000),
                           journaled: JournalContext(command: "edit 1 --no-remind", time: Date(timeIntervalSince1970: 1_790_000_000)))
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: added.id)?.reminders == [])
        #expect(try reopened.journalEntry(for: .undo)?.changes.first?.before == added)
        _ = try reopened.apply(.undo)
        let back = try #require(try backend.open(dir).item(id: added.id))
        #expect(back.fields[.reminders] == .words(["-PT30M", "2026-11-29T08:00", "-P1D"]))
        #expect(back.damage == nil)
    }

    @Test(arguments: Backend.allCases)
    func badRemindersAreRefusedWithNothingWritten(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var undated = reminding("a", ["-PT30M"], time: nil)
        undated.due = nil
        let cases: [(TodoItem, String)] = [
            (undated, "an item without a date cannot have a reminder before its due time"),
            (reminding("b", ["2006-11-29T08:00"]), "a reminder is at most a year from its due day"),
            (reminding("c", ["P99999999D"]), "a reminder is at most a year from its due time"),
            (reminding("d", (0..<10_000).map { Reminder.durationText(seconds: -60 * $0) }), "an item holds at most 20 reminders"),
            (reminding("e", ["soon"]), "a reminder is a time before the due time"),
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

    @Test(.tags(.process), .fullLane) func aHandEditedReminderIsDamageNotALoss() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("store.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let added = try store.add(reminding("Keep me", ["-PT30M"]))
        store.close()
        #expect(try SQLiteCLI.run(path, "UPDATE item SET reminders = '[\"P99999999D\"]', notes = 'still here';") == 0)
        let back = try #require(try StoreOpener.open(path: path, backend: .sqlite).item(id: added.id))
        #expect(back.reminders.isEmpty && back.notes == "still here")
        #expect(back.damage?.contains("its reminders cannot be read") == true)
    }

    @Test func theJSONExportCarriesRemindersAndImportChecksThem() throws {
        let dir = TemporaryDirectory()
        let clock = Clock.fixed(day)
        let items = [reminding("Call", ["-PT30M", "2026-11-29T08:00"]), reminding("Plain", [])]
        let path = dir.file("out.json")
        #expect(try ItemExporter.write(items, to: path, clock: clock) == .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let rows = try #require(json?["items"] as? [[String: Any]])
        #expect(rows.first?["reminders"] as? [String] == ["-PT30M", "2026-11-29T08:00"])
        #expect(rows.last?["reminders"] == nil)
        let back = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(back.items.map(\.reminders) == [items[0].reminders, []])
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "-PT30M", with: "-P999D")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        } throws: { error in
            "\(error)".contains("a reminder is at most a year from its due time")
        }
        #expect(ItemExporter.fieldsLeftOut(items, in: .weekAppPlist).contains { $0.field == "reminders" && $0.items == 1 })
    }
}
