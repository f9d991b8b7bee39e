import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Other clients' VTODOs (ErrandICalTests' corpus) through a real server and Errand: pulled,
/// checked here, pushed back. Every line but the status lines comes back as the server first
/// served it.
@Suite(.serialized) struct ClientCorpusSyncTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ErrandICalTests/Fixtures/clients")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// The content lines of the VTODOs, folds joined: servers fold as they please.
    static func todoLines(_ text: String) -> [String] {
        var lines: [String] = []
        var inside = 0
        for physical in text.components(separatedBy: "\r\n") where !physical.isEmpty {
            if physical.hasPrefix(" ") || physical.hasPrefix("\t") {
                if inside > 0, let last = lines.popLast() { lines.append(last + physical.dropFirst()) }
                continue
            }
            if physical == "BEGIN:VTODO" { inside += 1 }
            if inside > 0 { lines.append(physical) }
            if physical == "END:VTODO" { inside -= 1 }
        }
        return lines
    }

    static let statusLines: Set<String> = ["STATUS", "COMPLETED", "PERCENT-COMPLETE", "LAST-MODIFIED", "DTSTAMP", "CREATED"]

    static func unowned(_ text: String) -> [String] {
        todoLines(text).filter { !statusLines.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }
    }

    @Test(arguments: DAVServer.Kind.allCases)
    func everyClientsLinesSurviveACheckAndASync(kind: DAVServer.Kind) throws {
        let names = Self.names
        #expect(names.count >= 12)
        let f = try SyncFixture(kind)
        defer { f.remove() }
        var served: [String: String] = [:]
        for name in names {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            let put = try f.phone.put(f.server.collectionPath("tasks") + name, ics: text, headers: ["If-None-Match": "*"])
            #expect((200...299).contains(put.status), "\(kind) refused \(name): \(put.status)")
        }
        for (href, text) in try f.serverTexts() { served[href] = text }
        let first = try f.sync(f.a)
        #expect(first.received == names.count)
        // Pulled and not edited: nothing goes back.
        #expect(first.sent == 0)
        #expect(try f.sync(f.a).sent == 0)
        for item in try f.a.allItems() { _ = try f.a.setDone(!item.isDone, id: item.id, expecting: item, at: f.tick()) }
        let pushed = try f.sync(f.a)
        #expect(pushed.sent >= names.count)
        let after = try f.serverTexts()
        for (href, before) in served {
            let now = try #require(after[href], "\(href) gone")
            #expect(Self.unowned(now) == Self.unowned(before), "\(kind) \(href)")
            #expect(!now.contains("X-LIC-ERROR"), "\(href)")
            #expect(now.contains("STATUS:") || before.contains("STATUS:COMPLETED"), "\(href)")
        }
        // Issue 21's two cases, as the server holds them now (Radicale itself renames
        // PERCENT_COMPLETE to PERCENT-COMPLETE, which the uncheck then removes).
        let synology = try #require(after.first { $0.key.hasSuffix("synology-done.ics") }?.value)
        #expect(synology.contains("LAST-MOD:20261127T083000Z") && synology.contains("\r\nDESCRIPTION:\r\n"))
        #expect(synology.contains("PERCENT_COMPLETE:100") == (kind == .xandikos))
        let phone = try #require(after.first { $0.key.hasSuffix("phone-categories.ics") }?.value)
        #expect(phone.contains("\r\nCATEGORIES:home,errands\r\n") && phone.contains("STATUS:COMPLETED"))
    }
}
