import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Store files shaped by hand, a merge or a flipped bit (issue 28): one line naming the file,
/// the file byte for byte as it was, and never a trap or a silent loss.
@Suite struct HostileStoreFileTests {
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
    static let schemaVersion = 13

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
}
