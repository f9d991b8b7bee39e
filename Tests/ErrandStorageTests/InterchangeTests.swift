import ErrandDomain
import ErrandFiles
import ErrandStorage
import Foundation
import Testing

/// Import from the two original apps' files (built here, in their real shapes) and export.
@Suite struct InterchangeTests {
    let paris = TimeZone(identifier: "Europe/Paris")!
    var clock: Clock { Clock(timeZone: paris, fixedToday: DueDay(year: 2026, month: 11, day: 29)) }

    func write(_ plist: Any, _ dir: TemporaryDirectory, _ name: String) throws -> String {
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        let path = dir.file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    var weekAppEntries: [[String: Any]] {
        // 2026-11-30 08:00 in Paris = 07:00 UTC.
        let monday8 = Date(timeIntervalSince1970: Double(DueDay(year: 2026, month: 11, day: 30)!.dayNumber) * 86_400 + 7 * 3_600)
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        return [
            ["todo": "Call mum", "date": monday8, "id": id],
            ["todo": "Call mum", "date": monday8, "id": "F621E1F8-C36C-495A-93FC-0C247A3E6E5F"],
            ["todo": "Water plants", "date": monday8.addingTimeInterval(86_400 - 8 * 3_600), "id": UUID().uuidString],
        ]
    }

    @Test(arguments: Backend.allCases)
    func importsTheSwiftUIAppsTodos(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let path = try write(weekAppEntries, dir, "todos.plist")
        let parsed = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(parsed.format == .weekApp)
        #expect(parsed.items.map(\.due?.iso) == ["2026-11-30", "2026-11-30", "2026-12-01"])
        #expect(parsed.items.first?.time?.description == "08:00")
        #expect(parsed.items.last?.time == nil)
        let store = try backend.open(dir)
        let outcome = try store.importItems(parsed.items)
        #expect(outcome.added.count == 2)
        #expect(outcome.skipped == 1)
        #expect(try store.item(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)?.title == "Call mum")
        // A second import of the same file adds nothing.
        #expect(try store.importItems(parsed.items).skipped == 3)
    }

    @Test func importsTheBooksItems() throws {
        let dir = TemporaryDirectory()
        let entries: [[String: Any]] = [
            ["titleKey": "Foo", "itemDescriptionKey": "Bar", "timestampKey": 1_790_000_000.0,
             "locationKey": ["nameKey": "Office", "latitudeKey": 52.52, "longitudeKey": 13.40]],
            ["titleKey": "Just a title"],
            ["titleKey": "Place without coordinates", "locationKey": ["nameKey": "Home"]],
        ]
        let path = try write(entries, dir, "toDoItems.plist")
        let parsed = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(parsed.format == .bookApp)
        let first = try #require(parsed.items.first)
        #expect(first.notes == "Bar")
        #expect(first.location?.name == "Office")
        #expect(first.location?.coordinate?.latitude == 52.52)
        #expect(first.due == clock.day(of: Date(timeIntervalSince1970: 1_790_000_000)))
        #expect(parsed.items[1].due == clock.today)
        #expect(parsed.items[2].location == Location(name: "Home"))
    }

    @Test func malformedFilesImportNothing() throws {
        let cases: [([Any], String)] = [
            ([["titleKey": "ok"], ["itemDescriptionKey": "no title"]], "item 2: missing titleKey"),
            ([["todo": "x", "date": Date(), "id": "not-a-uuid"]], "item 1: missing or malformed id"),
            ([["titleKey": "x", "locationKey": ["nameKey": "A", "latitudeKey": 95.0, "longitudeKey": 0.0]]],
             "item 1: invalid coordinates"),
            ([["titleKey": "x", "timestampKey": "yesterday"]], "item 1: timestampKey has the wrong type"),
            (["just a string"], "item 1 is not a dictionary"),
        ]
        for (plist, fragment) in cases {
            let dir = TemporaryDirectory()
            let path = try write(plist, dir, "bad.plist")
            #expect {
                try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
            } throws: { error in
                "\(error)".hasPrefix(path + ": ") && "\(error)".contains(fragment)
            }
        }
    }

    @Test func notAPlistAtAll() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("x.plist")
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict><key>todo".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.badFile(path: path, reason: "not a property list")) {
            try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        }
        #expect(throws: StoreError.badFile(path: dir.file("nope"), reason: "cannot read the file (no such file)")) {
            try ItemImporter.read(path: dir.file("nope"), clock: clock, newID: UUID.init)
        }
    }

    @Test func specialAndOversizedFilesAreRefusedByNameBeforeAnythingIsRead() throws {
        let dir = TemporaryDirectory()
        func refusal(_ path: String) -> String? {
            do {
                _ = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let fifo = dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A FIFO with no writer would block a plain open for ever.
        #expect(refusal(fifo) == "\(fifo): is a FIFO (named pipe), not a property list")
        #expect(refusal("/dev/urandom") == "/dev/urandom: is a character device, not a property list")
        #expect(refusal(dir.path) == "\(dir.path): is a directory, not a property list")
        // Sparse: 64 MB and one byte that take no disk and are never read.
        let huge = dir.file("huge.plist")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(ImportFile.maxBytes + 1)) == 0)
        #expect(refusal(huge) == "\(huge): too large to import (64.1 MB; the limit is 64 MB)")
        let small = dir.file("small.plist")
        try Data(repeating: 0x20, count: 1000).write(to: URL(fileURLWithPath: small))
        #expect(try ImportFile.read(small, limit: 1000).count == 1000)
        #expect(throws: FileFailure.self) {
            try ImportFile.read(small, limit: 999)
        }
    }

    @Test func exportRoundTripsThroughTheSwiftUIFormatAndWritesJSON() throws {
        let dir = TemporaryDirectory()
        let items = [
            TodoItem(id: UUID(), title: "A", notes: "n", due: clock.today, time: TimeOfDay(text: "10:15"),
                     location: Location(name: "P", coordinate: try Coordinate(latitude: 1, longitude: 2)), created: Date()),
            TodoItem(id: UUID(), title: "B", due: clock.today.adding(days: 3), isDone: true, created: Date()),
        ]
        #expect(throws: StoreError.badFile(path: dir.file("out/todos.plist"), reason: "no such folder: \(dir.file("out"))")) {
            try ItemExporter.write(items, to: dir.file("out/todos.plist"), clock: clock)
        }
        let plistPath = dir.file("todos.plist")
        #expect(try ItemExporter.write(items, to: plistPath, clock: clock) == .weekAppPlist)
        let back = try ItemImporter.read(path: plistPath, clock: clock, newID: UUID.init)
        #expect(back.items.map(\.id) == items.map(\.id))
        #expect(back.items.map(\.due) == items.map(\.due))
        #expect(back.items.first?.time?.description == "10:15")

        let jsonPath = dir.file("out.json")
        #expect(try ItemExporter.write(items, to: jsonPath, clock: clock) == .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any]
        let rows = try #require(json?["items"] as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["time"] as? String == "10:15")
        #expect((rows[0]["location"] as? [String: Any])?["latitude"] as? Double == 1)
        #expect(rows[1]["done"] as? Bool == true)
        #expect(throws: StoreError.self) { try ItemExporter.write(items, to: dir.file("x.docx"), clock: clock) }
    }
}

/// Foundation's fallback parser for old-style plists writes to stderr itself; such files must
/// be refused before it runs, so an import error stays one line.
@Suite struct OldStylePlistTests {
    @Test func onlyXMLAndBinaryReachTheParser() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.plist")
        try Data("{ a = b".utf8).write(to: URL(fileURLWithPath: path))
        let clock = Clock.fixed(DueDay(year: 2026, month: 11, day: 29)!)
        #expect(throws: StoreError.badFile(path: path, reason: "not a property list")) {
            try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        }
        let binary = try PropertyListSerialization.data(fromPropertyList: [["titleKey": "b"]], format: .binary, options: 0)
        try binary.write(to: URL(fileURLWithPath: path))
        #expect(try ItemImporter.read(path: path, clock: clock, newID: UUID.init).items.map(\.title) == ["b"])
    }
}

/// Inputs the fuzzers found; each must be refused with one line, never crash.
@Suite struct FuzzRegressionTests {
    /// FuzzImport: a binary plist with a malformed set made PropertyListSerialization read
    /// freed memory (AddressSanitizer SEGV while bridging NSSet).
    static let malformedBinarySet = "YnBsaXN0MDCiARDEAgMEBQYHDg9fEBJpdGVtRGVzY3JpcHRpb25LZXlbbG9jYXRpb25LZXlcdGltZXN0YW1wS2V5WHRpdGxlS2V5U0JhctMICQoLDA1bbGF0aXR1ZGVLZXlcbG9uZ2l0dWRlS2V5V25hbWVLZXkjQEpAAAAAAAAjQCrMzMzMzM1WT2ZmaWNl"

    /// FuzzImport: a todos.plist date far beyond year 9999 trapped converting it to a day.
    static let dateBeyondYear9999 = "YnBsaXN0MDChAdMCAwQFBgdUZGF0ZVJpZFR0b2RvM15AskHIAAAAXxAkMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAxWENhbGwgbXVtCAoRFhkeJ04AAAAAAAABAQAAAAAAAAAIAAAAAAAAAAAAAAAAAAAAVw=="

    @Test func aDateBeyondYear9999IsRefusedNotATrap() throws {
        let data = try #require(Data(base64Encoded: Self.dateBeyondYear9999))
        let clock = Clock.fixed(DueDay(year: 2026, month: 11, day: 29)!)
        #expect(throws: StoreError.badFile(path: "x.plist", reason: "item 1: date is outside the years 1 to 9999")) {
            try ItemImporter.parse(data, path: "x.plist", clock: clock, newID: UUID.init)
        }
        #expect(clock.day(of: Date(timeIntervalSince1970: 1e300)).year == 9999)
        #expect(clock.day(of: Date(timeIntervalSince1970: -.infinity)) == DueDay(dayNumber: 0))
    }

    @Test func aMalformedBinaryPlistIsRefusedByImportAndByTheStore() throws {
        let data = try #require(Data(base64Encoded: Self.malformedBinarySet))
        let clock = Clock.fixed(DueDay(year: 2026, month: 11, day: 29)!)
        #expect(throws: StoreError.badFile(path: "x.plist", reason: "not a property list")) {
            try ItemImporter.parse(data, path: "x.plist", clock: clock, newID: UUID.init)
        }
        let dir = TemporaryDirectory()
        let path = dir.file("store.plist")
        try data.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try StoreOpener.open(path: path, backend: .plist) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == data)
    }
}
