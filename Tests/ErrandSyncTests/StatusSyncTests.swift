import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Work in progress through a real CalDAV server (issue 45): Evolution's IN-PROCESS and
/// CANCELLED tasks arrive started and cancelled, each state set here goes back as STATUS (and
/// PERCENT-COMPLETE) with the rest of the VTODO as it came, and another store reads it there.
@Suite(.tags(.server, .process), .fullLane) struct StatusSyncTests {
    static func evolution(uid: String, summary: String, status: String, percent: Int) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ximian//NONSGML Evolution Calendar//EN", "BEGIN:VTODO", "UID:\(uid)",
         "DTSTAMP:20261120T100000Z", "SUMMARY:\(summary)", "DUE;VALUE=DATE:20261204", "STATUS:\(status)",
         "PERCENT-COMPLETE:\(percent)", "CLASS:PUBLIC", "X-EVOLUTION-KEEP:1", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test func eachStateSetHereReachesTheServerAndTheOtherStore() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let collection = f.server.collectionPath("tasks")
        for (uid, summary, status, percent) in [("evo-1", "Draft the plan", "IN-PROCESS", 20), ("evo-2", "Old idea", "CANCELLED", 33),
                                                ("evo-3", "Call the bank", "NEEDS-ACTION", 0)] {
            let text = Self.evolution(uid: uid, summary: summary, status: status, percent: percent)
            #expect(try f.phone.put(collection + uid + ".ics", ics: text, headers: ["If-None-Match": "*"]).status == 201)
        }
        try f.sync(f.a)
        let draft = try #require(try f.item(f.a, "Draft the plan"))
        #expect(draft.state == .started && draft.progress == 20)
        #expect(try f.item(f.a, "Old idea")?.state == .cancelled)
        let bank = try #require(try f.item(f.a, "Call the bank"))
        #expect(bank.state == .toDo && bank.progress == nil)
        // A sync with nothing changed sends nothing: the states read compare equal.
        #expect(try f.sync(f.a).sent == 0)

        let before = try #require(try f.serverTexts().first { $0.key.hasSuffix("evo-3.ics") }?.value)
        _ = try f.a.setState(.cancelled, listed: [bank], at: f.tick())
        _ = try f.a.setState(.toDo, listed: [draft], at: f.tick())
        #expect(try f.sync(f.a).sent == 2)
        let texts = try f.serverTexts()
        let cancelled = try #require(texts.first { $0.key.hasSuffix("evo-3.ics") }?.value)
        #expect(cancelled.contains("\r\nSTATUS:CANCELLED\r\n") && !cancelled.contains("NEEDS-ACTION"))
        // Only the state's lines and the times changed: the rest as Evolution wrote it.
        let owned: Set<String> = ["STATUS", "LAST-MODIFIED", "DTSTAMP", "CREATED"]
        let unowned = { (text: String) in
            ClientCorpusSyncTests.todoLines(text).filter { !owned.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }
        }
        #expect(unowned(cancelled) == unowned(before))
        let stopped = try #require(texts.first { $0.key.hasSuffix("evo-1.ics") }?.value)
        #expect(stopped.contains("\r\nSTATUS:NEEDS-ACTION\r\n") && stopped.contains("\r\nPERCENT-COMPLETE:20\r\n"))

        // The other store reads both; its check of the started one goes back at 100%.
        try f.sync(f.b)
        #expect(try f.item(f.b, "Call the bank")?.state == .cancelled)
        let onB = try #require(try f.item(f.b, "Draft the plan"))
        #expect(onB.state == .toDo && onB.progress == 20)
        _ = try f.b.setDone(true, listed: [onB], at: f.tick())
        try f.sync(f.b)
        let checked = try #require(try f.serverTexts().first { $0.key.hasSuffix("evo-1.ics") }?.value)
        #expect(checked.contains("\r\nSTATUS:COMPLETED\r\n") && checked.contains("\r\nPERCENT-COMPLETE:100\r\n")
                && checked.contains("\r\nCOMPLETED:"))
        try f.sync(f.a)
        #expect(try f.item(f.a, "Draft the plan")?.state == .done)
    }
}
