import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Reminders across a real server and two machines: rung here once, the dismissal
/// (X-MOZ-LASTACK) reaches the server and silences the other machine; one dismissed on the
/// phone is silent here; a sync between two runs rings nothing twice.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct ReminderSyncTests {
    /// Rings `store`'s reminders at Dec 3 2026 hh:mm UTC.
    func ring(_ store: ErrandStore, _ hour: Int, _ minute: Int) throws -> [String] {
        let day = try #require(DueDay(year: 2026, month: 12, day: 3))
        let moment = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + Double(hour * 3_600 + minute * 60))
        let clock = Clock(timeZone: TimeZone(secondsFromGMT: 0), fixedToday: day) { moment }
        return try store.ringReminders(at: moment, clock: clock, realNow: moment).map(\.item.title)
    }

    static func vtodo(_ uid: String, _ title: String, due: String, extra: String = "", alarm: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n"
            + "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261201T080000Z\r\nSUMMARY:\(title)\r\nDUE:\(due)\r\n\(extra)"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:\(title)\r\nTRIGGER;VALUE=DURATION:\(alarm)\r\n"
            + "END:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    @Test(arguments: DAVServer.Kind.withSyncTokens)
    func aReminderRingsOnceAcrossMachinesAndTheServer(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let path = f.server.collectionPath("tasks")
        _ = try f.phone.put(path + "call.ics", ics: Self.vtodo("call-1", "Call", due: "20261203T100000Z", alarm: "-PT30M"),
                            headers: ["If-None-Match": "*"])
        // Dismissed on the phone at 09:45, after its 09:30 alarm.
        _ = try f.phone.put(path + "bake.ics", ics: Self.vtodo("bake-1", "Bake", due: "20261203T100000Z",
                                                               extra: "X-MOZ-LASTACK:20261203T094500Z\r\n", alarm: "-PT30M"),
                            headers: ["If-None-Match": "*"])
        _ = try f.phone.put(path + "post.ics", ics: Self.vtodo("post-1", "Post", due: "20261203T113000Z", alarm: "-PT30M"),
                            headers: ["If-None-Match": "*"])
        // As the server serves it (Radicale rewrites some lines itself).
        let served = try #require(try f.serverTexts().first { $0.key.hasSuffix("bake.ics") }?.value)
        #expect(try f.sync(f.a).received == 3)
        #expect(try f.sync(f.b).received == 3)
        // A on its own rings Call, not Bake (the phone's dismissal), not Post (11:00).
        #expect(try ring(f.a, 9, 50) == ["Call"])
        #expect(try ring(f.a, 9, 55).isEmpty)
        try f.sync(f.a)
        let call = try #require(try f.serverTexts().first { $0.key.hasSuffix("call.ics") }?.value)
        #expect(call.contains("X-MOZ-LASTACK:"), "\(call)")
        // B hears of the dismissal through the server: silent.
        try f.sync(f.b)
        #expect(try ring(f.b, 10, 0).isEmpty)
        // A sync between two runs: Post rings once, on whichever machine runs first after 11:00.
        try f.sync(f.a)
        #expect(try ring(f.a, 11, 5) == ["Post"])
        try f.sync(f.a)
        try f.sync(f.b)
        #expect(try ring(f.a, 11, 10).isEmpty)
        #expect(try ring(f.b, 11, 10).isEmpty)
        // Never rung here, never sent back: the phone's item is as the server first served it.
        let bake = try #require(try f.serverTexts().first { $0.key.hasSuffix("bake.ics") }?.value)
        #expect(bake == served)
        #expect(bake.contains("X-MOZ-LASTACK:20261203T094500Z") && bake.contains("-PT30M"))
    }
}
