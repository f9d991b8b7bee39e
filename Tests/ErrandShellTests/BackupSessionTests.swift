import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Issue 27, 2: `export FILE.json` is a backup that `import` restores whole, and an export to a
/// format that cannot hold a field says which fields it left out and for how many items.
@Suite struct BackupSessionTests {
    /// Every field the model has, on items in both sections.
    static func fill(_ t: ShellTester) {
        t.given("create Rent --date dec 31 09:30 --every month --notes pay before noon")
        t.given("create Dentist --date tomorrow --at Clinique du Parc --coords 48.85,2.35 --no-geocode")
        t.given("create Water plants --date fri --every 2 weeks --after-done")
        t.given("create Someday --no-date --notes one line\\ttab")
        t.given("create Done already --date mon")
        t.given("list")
        t.given("check 2")
        // An item equal to the done one, open: both must come back.
        t.given("create Done already --date mon")
    }

    /// The items as compared: the section order stays, the sequence numbers may not.
    static func normalized(_ items: [TodoItem]) -> [TodoItem] {
        items.map { item in
            var copy = item
            copy.sequence = 0
            return copy
        }
    }

    @Test(arguments: ["sqlite", "plist"])
    func exportClearImportIsTheIdentity(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        BackupSessionTests.fill(t)
        let before = try t.store.allItems()
        #expect(before.count == 6)
        t.send("export backup.json", ["exported 6 items to backup.json (JSON)"])
        t.given("clear --yes")
        #expect(try t.store.allItems().isEmpty)
        t.given("import backup.json")
        #expect(t.sink.all.first == "imported 6 items from backup.json (Errand JSON): 6 new, 0 updated")
        #expect(BackupSessionTests.normalized(try t.store.allItems()) == BackupSessionTests.normalized(before))
        // Again: everything is already there and up to date; nothing is added twice.
        t.given("import backup.json")
        #expect(t.sink.all.first == "imported 0 items from backup.json (Errand JSON): 0 new, 0 updated; 6 already up to date")
        #expect(try t.store.allItems().count == 6)
        // The import that changed nothing made no undo step: undo takes back the restore, whole.
        t.given("undo")
        #expect(try t.store.allItems().isEmpty)
    }

    @Test(arguments: ["sqlite", "plist"])
    func theAppPlistNamesWhatItCannotHold(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        BackupSessionTests.fill(t)
        t.send("export week.plist", [
            "exported 5 items to week.plist (SwiftUI app plist); left out 1 item without a date (the format needs one); "
                + "the format has no field for done state (1 item), notes (1 item), place (1 item), repeat (2 items): "
                + "export .json keeps everything",
        ])
        t.send("export all.ics", ["exported 6 items to all.ics (iCalendar)"])
    }

    @Test func aDamagedBackupImportsNothingAndNamesTheEntry() throws {
        let t = try ShellTester()
        func write(_ text: String) throws {
            try text.write(toFile: t.directory + "/bad.json", atomically: true, encoding: .utf8)
        }
        let row = #"{"id":"00000000-0000-0000-0000-000000000009","uid":"u","title":"T","done":false,"created":0,"modified":0"#
        let cases: [(String, String)] = [
            (#"{"format":"other","version":1,"items":[]}"#, #"not an Errand JSON export (its format is not "errand-export")"#),
            (#"{"format":"errand-export","version":3,"items":[]}"#, "written by a newer Errand (version 3; this one reads 1 to 2)"),
            (#"{"format":"errand-export","version":2,"items":["# + row + #","date":"2026-02-30"}]}"#, "item 1: date is not YYYY-MM-DD"),
            (#"{"format":"errand-export","version":2,"items":["# + row + #"},"# + row + #"}]}"#,
             "item 2: id 00000000-0000-0000-0000-000000000009 is given twice"),
            (#"{"format":"errand-export","version":2,"items":["# + row + #","repeat":"often"}]}"#,
             "item 1: repeat is not a rule Errand writes"),
            (#"{"format":"errand-export","version":2,"items":[{"id":"x"}]}"#, "item 1: missing uid"),
            ("{ nope", "not an Errand JSON export: not valid JSON at byte 3 (expected a key)"),
            // Read a row at a time: what lies between and around the rows is checked as well.
            (#"{"format":"errand-export","version":2,"items":["# + row + #"} "# + row + #"}]}"#,
             "not an Errand JSON export: not valid JSON at byte 154 (expected a comma or ])"),
            (#"{"format":"errand-export","version":2,"items":["# + row + #"}]} x"#,
             "not an Errand JSON export: not valid JSON at byte 156 (expected the end)"),
            (#"{"format":"errand-export","version":2,"items":[1]}"#, "item 1 is not an object"),
            (#"{"format":"errand-export","version":2,"items":[{"id":[}]}"#,
             "not an Errand JSON export: not valid JSON at byte 58 (expected a comma or })"),
            (#"{"format":"errand-export","version":2}"#, "the file: missing items"),
            (#"{"format":"errand-export","items":[]}"#, "the file: missing version"),
        ]
        for (text, reason) in cases {
            try write(text)
            t.send("import bad.json", ["error: bad.json: \(reason)"], succeeds: false)
        }
        #expect(try t.store.allItems().isEmpty)
    }
    /// Issue 28, 10: the rows go into the store as they are read, in one transaction, so a bad
    /// row after good ones (or what lies after them) must still leave every item as it was and
    /// no step for undo: the item edited here keeps its title, and nothing comes in.
    @Test(arguments: ["sqlite", "plist"])
    func aBadRowAfterGoodOnesStoresAndJournalsNothing(_ backend: String) throws {
        let source = try ShellTester(backend: backend)
        BackupSessionTests.fill(source)
        source.given("export backup.json")
        let text = try String(contentsOfFile: source.directory + "/backup.json", encoding: .utf8)
        let t = try ShellTester(backend: backend)
        try text.write(toFile: t.directory + "/backup.json", atomically: true, encoding: .utf8)
        t.given("import backup.json")
        t.given("list")
        t.given("edit 1 --title Kept")
        let before = try t.store.allItems()
        #expect(before.count == 6 && before.contains { $0.title == "Kept" })
        // Rows added after the file's last one (its six rows are items 1 to 6).
        let rows = try #require(text.range(of: "\n  ],\n"))
        let last = try #require(text.range(of: "\n    }", options: .backwards, range: text.startIndex..<rows.lowerBound))
        let head = String(text[..<last.upperBound]) + ",\n    "
        let firstID = try #require(text.range(of: #""id" : ""#).map { String(text[$0.upperBound...].prefix(36)) })
        func row(_ id: String, _ more: String = "") -> String {
            #"{"id":"\#(id)","uid":"new-\#(id)","title":"New","done":false,"created":0,"modified":0\#(more)}"#
        }
        let newID = "00000000-0000-0000-0000-000000000099"
        let broken = head + row(newID) + " x"
        let cases: [(String, String)] = [
            (head + row(newID, #","date":"2026-02-30""#), "item 7: date is not YYYY-MM-DD"),
            (head + row(newID) + ",\n    " + row(newID), "item 8: id \(newID) is given twice"),
            (head + row(firstID), "item 7: id \(firstID) is given twice"),
            (broken, "not an Errand JSON export: not valid JSON at byte \(broken.utf8.count) (expected a comma or ])"),
        ]
        for (start, reason) in cases {
            try (start + String(text[last.upperBound...])).write(toFile: t.directory + "/bad.json", atomically: true, encoding: .utf8)
            t.send("import bad.json", ["error: bad.json: \(reason)"], succeeds: false)
            #expect(try t.store.allItems() == before)
        }
        // The last steps are still the edit, then the first import: none of the refused ones.
        t.given("undo")
        let undone = try t.store.allItems()
        #expect(undone.count == 6 && !undone.contains { $0.title == "Kept" })
        t.given("undo")
        #expect(try t.store.allItems().isEmpty)
    }
}
