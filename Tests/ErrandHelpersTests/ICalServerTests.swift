import ErrandCalendarWire
import ErrandDAVWire
import ErrandDomain
import ErrandFiles
import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// The session's one `errand-ical serve`: the answers a one-shot run gives, from one process,
/// which a kill does not take down with the session.
@Suite(.tags(.process), .fullLane) struct ICalServerTests {
    let oneShot = CalendarHelper(zoneName: "Europe/Paris")

    @Test func oneHelperAnswersEveryRequestAsAOneShotRunWould() throws {
        let server = ICalServer()
        let served = CalendarHelper(zoneName: "Europe/Paris", server: server)
        #expect(server.pid == nil)
        let rule = try served.checkRule("FREQ=MONTHLY;BYDAY=2TU;COUNT=5")
        let pid = try #require(server.pid)
        #expect(rule == (try oneShot.checkRule("FREQ=MONTHLY;BYDAY=2TU;COUNT=5")))
        let item = TodoItem(id: UUID(), title: "Rent", due: DueDay(year: 2026, month: 12, day: 8),
                            created: Date(timeIntervalSince1970: 1_796_000_000), repeats: Repeat(rule: rule))
        let window = try #require(DueDay(year: 2026, month: 12, day: 1))...(try #require(DueDay(year: 2027, month: 3, day: 31)))
        let days = try served.occurrenceDays([item], in: window)
        #expect(days == (try oneShot.occurrenceDays([item], in: window)))
        #expect(days.first?.map { (day: DueDay) in day.iso } == ["2027-01-12", "2027-02-09", "2027-03-09"])
        #expect(server.pid == pid)
    }

    /// `withOpen` (RepeatStart): the open day is one of the days only when the rule falls on it.
    @Test func theOpenDayIsADayOnlyWhenTheRuleFallsOnIt() throws {
        let rule = try oneShot.checkRule("FREQ=MONTHLY;BYDAY=2TU")
        func days(openOn day: Int) throws -> [String] {
            let item = TodoItem(id: UUID(), title: "Rent", due: DueDay(year: 2026, month: 12, day: day),
                                created: Date(timeIntervalSince1970: 1_796_000_000), repeats: Repeat(rule: rule))
            let window = try #require(DueDay(year: 2026, month: 12, day: day))...(try #require(DueDay(year: 2027, month: 1, day: 31)))
            return try oneShot.occurrenceDays([item], in: window, withOpen: true).first?.map { (day: DueDay) in day.iso } ?? []
        }
        #expect(try days(openOn: 8) == ["2026-12-08", "2027-01-12"])
        #expect(try days(openOn: 7) == ["2026-12-08", "2027-01-12"])
    }

    @Test func aRefusalIsTheSameOneLineAndTheHelperStays() throws {
        let server = ICalServer()
        let served = CalendarHelper(zoneName: "Europe/Paris", server: server)
        func refusal(_ helper: CalendarHelper) -> String? {
            do {
                _ = try helper.checkRule("FREQ=SOMETIMES")
                return nil
            } catch {
                return "\(error)"
            }
        }
        let said = try #require(refusal(served))
        #expect(said.contains("libical does not read \"FREQ=SOMETIMES\""))
        #expect(said == refusal(oneShot))
        let pid = try #require(server.pid)
        _ = try served.checkRule("FREQ=DAILY")
        #expect(server.pid == pid)
    }

    @Test func aHelperKilledBetweenRequestsIsStartedAgain() throws {
        let server = ICalServer()
        let served = CalendarHelper(zoneName: "Europe/Paris", server: server)
        _ = try served.checkRule("FREQ=DAILY")
        let first = try #require(server.pid)
        #expect(kill(first, SIGKILL) == 0)
        #expect(try served.checkRule("FREQ=WEEKLY").text.hasPrefix("FREQ=WEEKLY"))
        let second = try #require(server.pid)
        #expect(second != first)
    }

    @Test func aFileIsReadByAOneShotRunNotTheServer() throws {
        let folder = NSTemporaryDirectory() + "errand-served-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/one.ics"
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:Read\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let server = ICalServer()
        let batch = try CalendarHelper(zoneName: "Europe/Paris", server: server).read(path: path, now: Date(), newID: UUID.init)
        #expect(batch.items.map(\.title) == ["Read"])
        #expect(server.pid == nil)
    }

    @Test func theServerEndsWhenItsInputEnds() throws {
        let request = ServeFrame.encode(ServeFrame.Request(arguments: ["check-rule", "FREQ=DAILY"], input: []))
        let process = try HelperProcess(CalendarHelper.defaultPath(), ["serve"], input: .bytes(request))
        var output: [UInt8] = []
        _ = process.collect(errorLimit: 4096) { output += $0; return true }
        #expect(process.wait() == .exited(0))
        var source = ArraySource(output)
        let answer = try ServeFrame.readAnswer(from: &source)
        #expect(answer.status == 0)
        #expect(String(decoding: answer.output, as: UTF8.self) == "FREQ=DAILY\n")
    }
}

/// The frames alone: what one side writes the other reads, and garbage is named, not guessed.
@Suite struct ServeFrameTests {
    @Test func framesReadBackAsWritten() throws {
        let request = ServeFrame.Request(arguments: ["occurrence-days", "--zone", "Europe/Paris", ""], input: Array("x\ny".utf8))
        let answer = ServeFrame.Answer(status: 1, output: [], errors: Array("no\n".utf8))
        var source = ArraySource(ServeFrame.encode(request) + ServeFrame.encode(answer))
        #expect(try ServeFrame.readRequest(from: &source) == request)
        #expect(try ServeFrame.readAnswer(from: &source) == answer)
        #expect(throws: ServeFrame.Malformed.ended) { try ServeFrame.readAnswer(from: &source) }
    }

    @Test func garbageIsRefused() {
        for bytes in ["ask 1\n", "ask -1 0\n", "answer 0 5 0\nabc", "ask 9999999999999 0\n", "hello\n"] {
            var source = ArraySource(Array(bytes.utf8))
            #expect(throws: ServeFrame.Malformed.self) { try ServeFrame.readRequest(from: &source) }
        }
    }
}
