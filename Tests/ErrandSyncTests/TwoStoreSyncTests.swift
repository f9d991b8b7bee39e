import ErrandDomain
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Two machines and a phone against each real server: what one side does reaches the other,
/// what both do is merged by the rules, and nothing the phone added is lost.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct TwoStoreSyncTests {
    static func phoneTodo(_ uid: String, _ summary: String, extra: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20261101T100000Z\r\nLAST-MODIFIED:20261101T100000Z\r\nSUMMARY:\(summary)\r\n\(extra)END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    @Test(arguments: DAVServer.Kind.battery)
    func createOnAAppearsOnBAndEditsMerge(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.twoStoresEditTheSameItem()
        let summaries = try f.serverSummaries()
        let texts = try f.serverTexts()
        #expect(summaries == ["Dentist at 9", "Milk"], "\(texts)")
        try f.nothingMoves()
    }

    @Test(arguments: DAVServer.Kind.battery)
    func thePhonesAlarmAndCategoriesSurviveAnErrandEdit(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let alarm = "CATEGORIES:home,errands\r\nPRIORITY:1\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call\r\n"
            + "TRIGGER:-PT15M\r\nEND:VALARM\r\n"
        let put = try f.phone.put(f.server.collectionPath("tasks") + "call.ics",
                                  ics: Self.phoneTodo("0123abcd@phone.example", "Call mum", extra: alarm),
                                  headers: ["If-None-Match": "*"])
        #expect(put.status == 201)
        try f.sync(f.a)
        let item = try #require(try f.item(f.a, "Call mum"))
        #expect(item.uid == "0123abcd@phone.example")
        #expect(item.due == nil)
        var edited = item
        edited.title = "Call mum back"
        _ = try f.a.edit(edited, expecting: item, at: f.tick())
        let outcome = try f.sync(f.a)
        #expect(outcome.sent == 1)
        let texts = try f.serverTexts()
        #expect(texts.count == 1)
        let text = try #require(texts.values.first)
        #expect(text.contains("SUMMARY:Call mum back"))
        #expect(text.contains("BEGIN:VALARM") && text.contains("TRIGGER:-PT15M"))
        // As the phone wrote them, on one line (todoman 4.1 reads nothing of a collection
        // holding them split over several); Cyrus stores them one value a line, whoever sent them.
        #expect(kind == .cyrus ? text.contains("CATEGORIES:home\r\nCATEGORIES:errands") : text.contains("CATEGORIES:home,errands"))
        #expect(text.contains("PRIORITY:1"))
        #expect(text.contains("UID:0123abcd@phone.example"))
    }

    @Test(arguments: DAVServer.Kind.battery)
    func conflictingEditsKeepTheLaterAndUndoBringsTheLoserBack(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.add(f.a, "Dentist")
        try f.sync(f.a)
        try f.sync(f.b)
        let onA = try #require(try f.item(f.a, "Dentist"))
        var fromA = onA
        fromA.title = "Dentist (A)"
        _ = try f.a.edit(fromA, expecting: onA, at: f.tick())
        let onB = try #require(try f.item(f.b, "Dentist"))
        var fromB = onB
        fromB.title = "Dentist (B)"
        _ = try f.b.edit(fromB, expecting: onB, at: f.tick())
        try f.sync(f.b)
        let outcome = try f.sync(f.a)
        #expect(outcome.conflicts.count == 1)
        #expect(outcome.line("tasks@h").contains("1 conflict: \"Dentist (B)\" title kept from the server"))
        #expect(try f.titles(f.a) == ["Dentist (B)"])
        #expect(try f.a.apply(.undo) != nil)
        #expect(try f.titles(f.a) == ["Dentist (A)"])
    }

    @Test(arguments: DAVServer.Kind.battery)
    func anEditWinsOverADelete(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.add(f.a, "Keep me")
        try f.add(f.a, "Also keep")
        try f.sync(f.a)
        try f.sync(f.b)
        // A deletes "Keep me" while B edits it; B deletes "Also keep" while A edits it.
        let keepA = try #require(try f.item(f.a, "Keep me"))
        _ = try f.a.delete(id: keepA.id, expecting: keepA)
        let alsoA = try #require(try f.item(f.a, "Also keep"))
        var alsoEdited = alsoA
        alsoEdited.notes = "edited on A"
        _ = try f.a.edit(alsoEdited, expecting: alsoA, at: f.tick())
        let keepB = try #require(try f.item(f.b, "Keep me"))
        var keepEdited = keepB
        keepEdited.notes = "edited on B"
        _ = try f.b.edit(keepEdited, expecting: keepB, at: f.tick())
        let alsoB = try #require(try f.item(f.b, "Also keep"))
        _ = try f.b.delete(id: alsoB.id, expecting: alsoB)
        try f.sync(f.a)
        try f.sync(f.b)
        try f.sync(f.a)
        #expect(try f.titles(f.a) == ["Also keep", "Keep me"])
        #expect(try f.titles(f.b) == ["Also keep", "Keep me"])
        #expect(try f.item(f.a, "Keep me")?.notes == "edited on B")
        #expect(try f.item(f.b, "Also keep")?.notes == "edited on A")
        #expect(try f.serverSummaries() == ["Also keep", "Keep me"])
    }
}
