import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Subtasks through a real CalDAV server, as tasks.org (`RELATED-TO;RELTYPE=PARENT`) and
/// Nextcloud Tasks (`RELATED-TO` alone) write them: read as subtasks, never re-parented by a
/// sync, a move here sent as one parent line, and read back by another store.
@Suite(.tags(.server, .process), .fullLane) struct SubtaskSyncTests {
    static let garden = "5c4b3a29-1807-4f6e-9d5c-4b3a29180700"

    @Test func theClientsSubtasksSyncAndAMoveHereIsOneLineThere() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let names = ["nextcloud-tasks-parent.ics", "nextcloud-tasks-subtask.ics", "tasks-org-subtask-done.ics"]
        for name in names {
            let text = try String(contentsOf: ClientCorpusSyncTests.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(try f.phone.put(f.server.collectionPath("tasks") + name, ics: text, headers: ["If-None-Match": "*"]).status == 201)
        }
        try f.sync(f.a)
        let garden = try #require(try f.item(f.a, "Garden"))
        var fence = try #require(try f.item(f.a, "Paint the fence"))
        #expect(fence.parent == SubtaskSyncTests.garden && garden.uid == SubtaskSyncTests.garden)
        #expect(try f.a.children(of: garden.uid).map(\.title) == ["Paint the fence"])
        // tasks.org's subtask, whose parent this calendar lacks: kept, its parent as written.
        var charger = try #require(try f.item(f.a, "Pack the charger"))
        #expect(charger.parent == "8812739012345678901")

        // An edit that is no move leaves the client's RELATED-TO line as it was.
        let fenceBefore = try #require(try f.serverTexts().first { $0.key.hasSuffix("nextcloud-tasks-subtask.ics") }?.value)
        let listedFence = fence
        fence.title = "Paint the fence white"
        _ = try f.a.edit(fence, expecting: listedFence, at: f.tick())
        // Moved here: tasks.org's subtask goes under the Garden.
        let listedCharger = charger
        charger.parent = garden.uid
        _ = try f.a.edit(charger, expecting: listedCharger, at: f.tick())
        let chargerBefore = try #require(try f.serverTexts().first { $0.key.hasSuffix("tasks-org-subtask-done.ics") }?.value)
        #expect(try f.sync(f.a).sent == 2)
        let texts = try f.serverTexts()
        let fenceAfter = try #require(texts.first { $0.key.hasSuffix("nextcloud-tasks-subtask.ics") }?.value)
        #expect(fenceAfter.contains("\r\nRELATED-TO:\(SubtaskSyncTests.garden)\r\n"))
        #expect(unowned(fenceAfter, also: ["SUMMARY"]) == unowned(fenceBefore, also: ["SUMMARY"]))
        let chargerAfter = try #require(texts.first { $0.key.hasSuffix("tasks-org-subtask-done.ics") }?.value)
        #expect(chargerAfter.contains("\r\nRELATED-TO;RELTYPE=PARENT:\(SubtaskSyncTests.garden)\r\n"))
        #expect(!chargerAfter.contains("8812739012345678901"))
        #expect(unowned(chargerAfter, also: ["RELATED-TO"]) == unowned(chargerBefore, also: ["RELATED-TO"]))

        // A subtask made here reaches the server with its parent; the other store reads all three.
        var leaves = TodoItem(id: UUID(), title: "Rake the leaves", due: DueDay(year: 2026, month: 12, day: 6), created: f.tick())
        leaves.parent = garden.uid
        _ = try f.a.add(leaves)
        try f.sync(f.a)
        #expect(try f.serverTexts().values.contains { $0.contains("SUMMARY:Rake the leaves") && $0.contains("RELATED-TO;RELTYPE=PARENT:\(SubtaskSyncTests.garden)") })
        try f.sync(f.b)
        #expect(try f.b.children(of: SubtaskSyncTests.garden).map(\.title).sorted() == ["Pack the charger", "Paint the fence white", "Rake the leaves"])
        // Synced again with nothing moved: nobody is re-parented, nothing is sent.
        #expect(try f.sync(f.a).sent == 0)
        #expect(try f.a.children(of: garden.uid).count == 3)
    }

    /// The VTODO's lines without those Errand rewrites on any change (and `also`).
    func unowned(_ text: String, also: Set<String>) -> [String] {
        let owned = Set(["LAST-MODIFIED", "DTSTAMP"]).union(also)
        return ClientCorpusSyncTests.todoLines(text).filter { !owned.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }
    }
}
