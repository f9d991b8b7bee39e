import ErrandDomain
import ErrandStorage
@testable import ErrandSync
import Foundation
import Testing

/// `keep` of a kept conflict without a server (ConflictDecision): the state goes through the
/// to-do rules, `keep both` adds the server's version as an item of its own, and a delete
/// chosen deletes. The round trip through a real server is ConflictSessionTests'.
@Suite struct ConflictDecisionTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func store(_ backend: StoreBackend) throws -> (ErrandStore, String) {
        let folder = NSTemporaryDirectory() + "errand-decide-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (try StoreOpener.open(path: folder + "/s." + (backend == .plist ? "plist" : "sqlite"), backend: backend), folder)
    }

    /// Started here, checked there (the server's won): keep here starts it again; keep there
    /// leaves it checked; keep both also adds the server's, to do, under a new UID.
    @Test(arguments: StoreBackend.allCases)
    func aStateBothSidesChangedIsDecidedByTheToDoRules(_ backend: StoreBackend) throws {
        let (store, folder) = try store(backend)
        defer {
            store.close()
            try? FileManager.default.removeItem(atPath: folder)
        }
        var here = TodoItem(id: UUID(), title: "Report", due: DueDay(year: 2026, month: 12, day: 5), created: now)
        here.state = .started
        var there = here
        there.state = .done
        there.progress = 100
        let added = try store.add(there)
        _ = try store.setDone(true, id: added.id, expecting: nil, at: now)
        let conflict = try Self.keep(store, KeptConflict(at: now, list: nil, itemID: added.id, title: "Report", kind: .edited,
                                                        fields: ["done", "progress", "status"], keptFromServer: true,
                                                        here: here, there: there))
        var ids = (1...3).map { _ in UUID() }.makeIterator()
        let decide = { (decision: KeptConflict.Decision) in
            try ConflictDecision.decide(conflict, decision, in: store, at: self.now, newID: { ids.next() ?? UUID() }, journaled: nil)
        }
        let kept = try decide(.here)
        #expect(kept.changed?.state == .started && kept.changed?.progress == nil && kept.conflict.decided == .here)
        #expect(try store.item(id: added.id)?.state == .started)
        #expect(try decide(.there).changed?.state == .done)
        let both = try decide(.both)
        #expect(both.changed?.state == .started)
        #expect(both.added?.title == "Report (from the server)" && both.added?.state == .toDo && both.added?.uid != added.uid)
        #expect(try store.keptConflicts().first?.decided == .both)
    }

    @discardableResult
    static func keep(_ store: some ItemStore, _ conflict: KeptConflict) throws -> KeptConflict {
        try store.changeItems { try $0.keepConflict(conflict) }
    }
}
