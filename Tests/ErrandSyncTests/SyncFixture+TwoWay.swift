import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

extension SyncFixture {
    /// The round every server is held to first: A sends two items, B receives them; B renames
    /// one while A checks it, and both changes survive with no conflict; B ends with both.
    func twoStoresEditTheSameItem() throws {
        try add(a, "Dentist")
        try add(a, "Milk", day: 2)
        let first = try sync(a)
        #expect(first.sent == 2 && first.received == 0)
        #expect(try sync(b).received == 2)
        #expect(try titles(b) == ["Dentist", "Milk"])
        let dentistB = try #require(try item(b, "Dentist"))
        var renamed = dentistB
        renamed.title = "Dentist at 9"
        _ = try b.edit(renamed, expecting: dentistB, at: tick())
        let dentistA = try #require(try item(a, "Dentist"))
        _ = try a.setDone(true, id: dentistA.id, expecting: dentistA, at: tick())
        try sync(b)
        #expect(try sync(a).conflicts.isEmpty)
        #expect(try item(a, "Dentist at 9")?.isDone == true)
        try sync(b)
        #expect(try item(b, "Dentist at 9")?.isDone == true)
    }

    /// The phone (as iOS writes a task, two tags on one CATEGORIES line) adds one; both stores
    /// receive it with both tags.
    func aPhoneAddsOne() throws {
        let phone = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO", "UID:phone-1",
                     "DTSTAMP:20261128T071500Z", "SUMMARY:From the phone", "CATEGORIES:home,errands", "END:VTODO", "END:VCALENDAR", ""]
            .joined(separator: "\r\n")
        #expect(try self.phone.put(server.collectionPath("tasks") + "phone-1.ics", ics: phone, headers: ["If-None-Match": "*"]).status == 201)
        #expect(try sync(a).received == 1)
        #expect(try sync(b).received == 1)
        #expect(try titles(b) == ["Dentist at 9", "From the phone", "Milk"])
        for store in [a, b] { #expect(try item(store, "From the phone")?.tags.sorted() == ["errands", "home"]) }
    }

    /// A sync with nothing to do moves nothing.
    func nothingMoves() throws {
        let idle = try sync(a)
        #expect(idle.received == 0 && idle.sent == 0 && idle.deletedHere == 0)
    }
}
