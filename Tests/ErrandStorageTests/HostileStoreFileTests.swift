import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Store files shaped by hand, a merge or a flipped bit (issue 28): one line naming the file,
/// the file byte for byte as it was, and never a trap or a silent loss.
@Suite(.tags(.process), .fullLane) struct HostileStoreFileTests {
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func write(_ plist: Any, to path: String) throws {
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: path))
    }

    func entry(_ id: UUID, _ title: String, sequence: Int64 = 1) -> [String: Any] {
        ["id": id.uuidString, "title": title, "due": "2026-11-30", "done": false,
         "created": Date(timeIntervalSince1970: 1_790_000_000), "sequence": sequence]
    }

    func document(_ items: [[String: Any]], revision: Int = 3) -> [String: Any] {
        ["format": "errand-store", "version": 2, "revision": revision, "items": items]
    }

    /// The message `body` throws, checked to be one line naming `path`.
    func refusal(_ path: String, _ body: () throws -> Void) -> String {
        var message = ""
        do { try body() } catch { message = "\(error)" }
        #expect(message.hasPrefix(path + ": "), "\(message)")
        #expect(!message.contains("\n"))
        return message
    }

    func day() -> DueDay { DueDay(dayNumber: 20_000) }

    /// What a new SQLite store's user_version says; the migration tests below expect it.
    static let schemaVersion = SQLiteSchema.currentVersion

    // MARK: two items, one id (item 3)

    /// The store keys items by id: opened, it listed one of the two and the next write dropped
    /// the other. Refused on open instead, naming both entries and the id.
    @Test func twoItemsSharingAnIdAreRefusedOnOpen() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("merged.plist")
        let shared = UUID()
        var items = (1...7).map { entry(UUID(), "item \($0)", sequence: Int64($0)) }
        items[2] = entry(shared, "mine", sequence: 3)
        items[6] = entry(shared, "theirs", sequence: 7)
        try write(document(items), to: path)
        let before = try bytes(path)
        let message = refusal(path) {
            let store = try StoreOpener.open(path: path, backend: .plist)
            _ = try store.add(TodoItem(id: UUID(), title: "new", due: day(), created: Date()))
        }
        #expect(message.contains("not an Errand store"), "\(message)")
        #expect(message.contains("items 3 and 7 share the id \(shared.uuidString)"), "\(message)")
        #expect(try bytes(path) == before)
    }

    /// Ids differing only in letter case are one id.
    @Test func idsThatDifferOnlyInCaseAreOneId() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("merged.plist")
        let shared = UUID()
        var lower = entry(shared, "theirs", sequence: 2)
        lower["id"] = shared.uuidString.lowercased()
        try write(document([entry(shared, "mine"), lower]), to: path)
        let before = try bytes(path)
        let message = refusal(path) { _ = try StoreOpener.open(path: path, backend: .plist) }
        #expect(message.contains("items 1 and 2 share the id \(shared.uuidString)"), "\(message)")
        #expect(try bytes(path) == before)
    }

    // MARK: nesting (item 5)

    static func nestedXML(_ depth: Int) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "\n</plist>\n").utf8)
    }

    /// Foundation's XML parser recursed once per level: 10,000 (150 KB) ended in SIGSEGV.
    @Test(arguments: [65, 10_000, 200_000])
    func aDeeplyNestedXMLStoreIsRefusedBeforeParsing(_ depth: Int) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("deep.plist")
        try Self.nestedXML(depth).write(to: URL(fileURLWithPath: path))
        let before = try bytes(path)
        let message = refusal(path) { _ = try StoreOpener.open(path: path, backend: .plist) }
        #expect(message.contains("not an Errand store (nested more than 64 deep)"), "\(message)")
        #expect(try bytes(path) == before)
    }

    @Test(arguments: [65, 10_000, 200_000])
    func aDeeplyNestedXMLImportIsRefusedBeforeParsing(_ depth: Int) throws {
        let message = refusal("deep.plist") {
            _ = try ItemImporter.parse(Self.nestedXML(depth), path: "deep.plist", clock: Clock(), newID: UUID.init)
        }
        #expect(message == "deep.plist: a property list nested more than 64 deep")
    }

    /// At the limit the file is parsed and refused for what it holds; closing tags hidden in
    /// comments and CDATA do not take a level back, and self-closed ones add none.
    @Test func nestingIsCountedAsTheParserSeesIt() throws {
        let atLimit = Self.nestedXML(64)
        let message = refusal("f") { _ = try ItemImporter.parse(atLimit, path: "f", clock: Clock(), newID: UUID.init) }
        #expect(!message.contains("nested"), "\(message)")
        let hidden = "<?xml version=\"1.0\"?><plist version=\"1.0\">"
            + String(repeating: "<array><!-- </array> --><string><![CDATA[</array>]]></string><array/><dict/>", count: 70)
            + String(repeating: "</array>", count: 70) + "</plist>"
        let deep = refusal("f") { _ = try ItemImporter.parse(Data(hidden.utf8), path: "f", clock: Clock(), newID: UUID.init) }
        #expect(deep == "f: a property list nested more than 64 deep")
        let wide = "<?xml version=\"1.0\"?><plist version=\"1.0\"><array>"
            + String(repeating: "<dict><key>todo</key><array><array/></array></dict>", count: 1_000) + "</array></plist>"
        let shallow = refusal("f") { _ = try ItemImporter.parse(Data(wide.utf8), path: "f", clock: Clock(), newID: UUID.init) }
        #expect(!shallow.contains("nested"), "\(shallow)")
    }

    /// A binary plist nests through object references: 100,000 arrays each holding the next,
    /// in 700 KB. Its decoder reads objects lazily, as deep as the type asks, so no check is
    /// needed; this holds it to that.
    static func nestedBinary(_ depth: Int, cycle: Bool = false) -> Data {
        var out = Data("bplist00".utf8)
        var offsets: [Int] = []
        func be(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for index in 0..<depth {
            offsets.append(out.count)
            if index == depth - 1, !cycle {
                out.append(0xA0)
            } else {
                out.append(0xA1)
                out.append(contentsOf: be(cycle && index == depth - 1 ? 0 : index + 1, 4))
            }
        }
        let table = out.count
        for offset in offsets { out.append(contentsOf: be(offset, 4)) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, 4, 4])
        out.append(contentsOf: be(depth, 8) + be(0, 8) + be(table, 8))
        return out
    }

    @Test(arguments: [(100_000, false), (1, true), (3, true)])
    func aDeeplyNestedOrCyclicBinaryPlistIsRefusedInOneLine(_ depth: Int, _ cycle: Bool) throws {
        let data = Self.nestedBinary(depth, cycle: cycle)
        let imported = refusal("deep.plist") {
            _ = try ItemImporter.parse(data, path: "deep.plist", clock: Clock(), newID: UUID.init)
        }
        #expect(imported == "deep.plist: item 1 is not a dictionary")
        let dir = TemporaryDirectory()
        let path = dir.file("deep.plist")
        try data.write(to: URL(fileURLWithPath: path))
        let message = refusal(path) { _ = try StoreOpener.open(path: path, backend: .plist) }
        #expect(message.contains("not an Errand store"), "\(message)")
        #expect(try bytes(path) == data)
    }

    // MARK: SQLite's user_version (item 6)

    func sqliteStore(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("store.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.add(TodoItem(id: UUID(), title: "kept", due: day(), created: Date()))
        store.close()
        #expect(try SQLiteCLI.run(path, "PRAGMA wal_checkpoint(TRUNCATE);") == 0)
        return path
    }

    /// One byte flipped at offset 60 (user_version, big-endian) made the version negative, and
    /// the migration list was indexed with it: SIGILL.
    @Test(arguments: [UInt8(0xFF), 0x80])
    func aNegativeSchemaVersionIsRefused(_ flipped: UInt8) throws {
        let dir = TemporaryDirectory()
        let path = try sqliteStore(dir)
        var data = try bytes(path)
        try #require(data.count > 64)
        data[data.startIndex + 60] = flipped
        try data.write(to: URL(fileURLWithPath: path))
        let message = refusal(path) { _ = try StoreOpener.open(path: path, backend: .sqlite) }
        let version = Int32(bitPattern: UInt32(flipped) << 24 | UInt32(Self.schemaVersion))
        #expect(message.contains("not an Errand store (damaged: schema version \(version) is not one Errand writes)"),
                "\(message)")
        #expect(try bytes(path) == data)
    }

    /// Tables already at the current schema under an older user_version: the migration failed
    /// with SQLite's own words (`table item already exists`). Refused in one line naming the
    /// version it claims, the transaction rolled back.
    @Test(arguments: 0..<HostileStoreFileTests.schemaVersion)
    func tablesThatDoNotMatchTheirVersionAreRefused(_ version: Int) throws {
        let dir = TemporaryDirectory()
        let path = try sqliteStore(dir)
        #expect(try SQLiteCLI.run(path, "PRAGMA user_version = \(version);") == 0)
        let before = try bytes(path)
        let message = refusal(path) { _ = try StoreOpener.open(path: path, backend: .sqlite) }
        #expect(message.contains("not an Errand store (damaged: its tables do not match the schema version \(version) it claims"),
                "\(message)")
        #expect(try bytes(path) == before)
    }

    // MARK: counters at their largest (item 7)

    /// `list` worked and the first write trapped on revision + 1.
    @Test func aRevisionAtItsLargestRefusesTheWrite() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("s.plist")
        let id = UUID()
        try write(document([entry(id, "kept")], revision: Int.max), to: path)
        let before = try bytes(path)
        let store = try StoreOpener.open(path: path, backend: .plist)
        #expect(try store.allItems().map(\.id) == [id])
        let message = refusal(path) { _ = try store.add(TodoItem(id: UUID(), title: "new", due: day(), created: Date())) }
        #expect(message.contains("revision is at its largest (\(Int.max))"), "\(message)")
        #expect(message.hasSuffix("nothing was changed"), "\(message)")
        #expect(try bytes(path) == before)
        #expect(try store.allItems().map(\.id) == [id])
    }

    /// The same in a batch (a script): refused when the batch is written, and what the batch did
    /// in memory is forgotten.
    @Test func aRevisionAtItsLargestRefusesABatch() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("s.plist")
        let id = UUID()
        try write(document([entry(id, "kept")], revision: Int.max), to: path)
        let before = try bytes(path)
        let store = try StoreOpener.open(path: path, backend: .plist)
        try store.beginBatch()
        _ = try store.add(TodoItem(id: UUID(), title: "new", due: day(), created: Date()))
        let message = refusal(path) { try store.endBatch(commit: true) }
        #expect(message.contains("revision is at its largest"), "\(message)")
        #expect(try bytes(path) == before)
        #expect(try store.allItems().map(\.id) == [id])
    }

    @Test(arguments: Backend.allCases)
    func aSequenceAtItsLargestRefusesTheChange(_ backend: Backend) throws {
        for batched in [false, true] {
            let dir = TemporaryDirectory()
            let path = dir.file(backend.fileName)
            let kept = TodoItem(id: UUID(), title: "kept", due: day(), created: Date(timeIntervalSince1970: 1_790_000_000))
            switch backend {
            case .plist:
                try write(document([entry(kept.id, "kept", sequence: Int64.max)]), to: path)
            case .sqlite:
                let store = try StoreOpener.open(path: path, backend: .sqlite)
                _ = try store.add(kept)
                store.close()
                #expect(try SQLiteCLI.run(path, "UPDATE meta SET value = 9223372036854775807 WHERE key = 'last_seq';") == 0)
            }
            let before = try bytes(path)
            let store = try StoreOpener.open(path: path, backend: backend)
            let message = refusal(path) {
                if batched { try store.beginBatch() }
                defer { if batched { try? store.endBatch(commit: true) } }
                _ = try store.add(TodoItem(id: UUID(), title: "new", due: day(), created: Date()))
            }
            #expect(message.contains("at its largest (\(Int64.max))") || message.contains("are at their largest (\(Int64.max))"),
                    "\(batched) \(message)")
            store.close()
            #expect(try bytes(path) == before, "\(batched)")
        }
    }

    /// A plist journal whose last entry is numbered Int64.max: the next journaled change trapped.
    @Test func aJournalNumberAtItsLargestRefusesTheChange() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("s.plist")
        let store = try StoreOpener.open(path: path, backend: .plist)
        _ = try store.add(TodoItem(id: UUID(), title: "first", due: day(), created: Date()),
                          journaled: JournalContext(command: "create", time: Date()))
        var plist = try #require(try PropertyListSerialization.propertyList(from: bytes(path), format: nil) as? [String: Any])
        var journal = try #require(plist["journal"] as? [[String: Any]])
        journal[0]["id"] = Int64.max
        plist["journal"] = journal
        try write(plist, to: path)
        let before = try bytes(path)
        let reopened = try StoreOpener.open(path: path, backend: .plist)
        let message = refusal(path) {
            _ = try reopened.add(TodoItem(id: UUID(), title: "second", due: day(), created: Date()),
                                 journaled: JournalContext(command: "create", time: Date()))
        }
        #expect(message.contains("journal's last entry number is at its largest (\(Int64.max))"), "\(message)")
        #expect(try bytes(path) == before)
        #expect(try reopened.allItems().map(\.title) == ["first"])
    }

    /// The day tallies are summed as reals: a hand-edited huge one trapped in Int(_:).
    @Test func hugeDayTalliesDoNotTrap() throws {
        let dir = TemporaryDirectory()
        let path = try sqliteStore(dir)
        #expect(try SQLiteCLI.run(path, "UPDATE day_count SET open = 1e300, total = -1e300;") == 0)
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try store.counts() == ItemCounts(toDo: Int.max, done: 0))
        #expect(try store.count(.overdue(before: day().adding(days: 1))) == Int.max)
    }
}
