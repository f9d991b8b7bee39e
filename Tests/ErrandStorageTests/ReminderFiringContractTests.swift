import ErrandDomain
@testable import ErrandStorage
import Foundation
import Testing

/// `remind`'s rule in both backends: each reminder rings once, when its moment has come,
/// whether the run is repeated, missed, or made by a store opened again. The clock is a value.
extension StoreContractTests {
    /// Nov 29 2026 at `hh:mm`, in UTC (the clock below has no other zone).
    func at(_ hour: Int, _ minute: Int, day offset: Int = 0) -> Date {
        Date(timeIntervalSince1970: Double(day.adding(days: offset).dayNumber) * 86_400 + Double(hour * 3_600 + minute * 60))
    }

    func ring(_ store: some ItemStore, _ moment: Date) throws -> [String] {
        let clock = Clock(timeZone: TimeZone(secondsFromGMT: 0), fixedToday: day) { moment }
        return try store.ringReminders(at: moment, clock: clock, realNow: moment).map { one in
            "\(one.item.title) \(one.reminder.text)"
        }
    }

    @Test(arguments: Backend.allCases)
    func eachReminderRingsOnceAcrossRunsMissedRunsAndReopening(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(reminding("Call mum", ["-PT30M", "2026-11-29T08:00", "-P1D"]))
        _ = try store.add(reminding("Later", ["-PT2H"], time: "18:00"))
        let done = try store.add(reminding("Done", ["2026-11-29T07:00"]))
        _ = try store.setDone(true, id: done.id, expecting: done, at: at(6, 0))
        let first = try ring(store, at(7, 59))
        #expect(first == ["Call mum -P1D"])
        #expect(try ring(store, at(8, 0)) == ["Call mum 2026-11-29T08:00"])
        // The same minute again, and the store opened again: nothing.
        #expect(try ring(store, at(8, 0)).isEmpty)
        let reopened = try backend.open(dir)
        #expect(try ring(reopened, at(8, 30)).isEmpty)
        // Runs missed until 16:05: what came due meanwhile rings now, once.
        #expect(try ring(reopened, at(16, 5)) == ["Call mum -PT30M", "Later -PT2H"])
        #expect(try ring(reopened, at(23, 59)).isEmpty)
        let kept = try #require(try backend.open(dir).allItems().first { $0.title == "Call mum" })
        #expect(kept.reminded == Reminder.minute(day, TimeOfDay(hour: 16, minute: 5)!))
        #expect(kept.nextReminderMinute == nil)
        // Not journaled: undo has nothing of it to take back.
        #expect(try reopened.journalEntry(for: .undo) == nil)
    }

    /// Issue 23: a reminder before the start rings from the start (SQLite's remind_next
    /// counts it so), and from the new start once the start moves.
    @Test(arguments: Backend.allCases)
    func aReminderBeforeTheStartRingsFromTheStart(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var report = reminding("Report", ["START:-PT15M"], time: "17:00")
        report.start = DayTime(day: day, time: TimeOfDay(hour: 9, minute: 0))
        let added = try store.add(report)
        #expect(try ring(store, at(8, 44)).isEmpty)
        #expect(try ring(store, at(8, 45)) == ["Report START:-PT15M"])
        #expect(try ring(store, at(16, 45)).isEmpty)
        // Started a day later: it rings again, a day later.
        var later = try #require(try store.item(id: added.id))
        let before = later
        // Due a day later too: a start after the due moment is refused (RFC 5545).
        later.due = day.adding(days: 1)
        later.start = DayTime(day: day.adding(days: 1), time: TimeOfDay(hour: 9, minute: 0))
        _ = try store.edit(later, expecting: before, at: at(17, 0))
        #expect(try ring(backend.open(dir), at(8, 44, day: 1)).isEmpty)
        #expect(try ring(backend.open(dir), at(8, 46, day: 1)) == ["Report START:-PT15M"])
    }

    @Test(arguments: Backend.allCases)
    func aReminderAddedLaterStillRingsAndALaterAckSilences(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let added = try store.add(reminding("Call", ["-PT30M"]))
        #expect(try ring(store, at(9, 0)).isEmpty)
        // Another client (a sync) says it was dismissed at 09:40: the 09:30 one is silent.
        var acked = added
        acked.reminded = Reminder.minute(day, TimeOfDay(hour: 9, minute: 40)!)
        let saved = try store.edit(acked, expecting: added, at: at(9, 41))
        #expect(try ring(store, at(9, 45)).isEmpty)
        // A reminder at a moment after the dismissal still rings.
        var more = saved
        more.reminders.append(.at(day, TimeOfDay(hour: 9, minute: 50)!))
        _ = try store.edit(more, expecting: saved, at: at(9, 46))
        #expect(try ring(store, at(9, 55)) == ["Call 2026-11-29T09:50"])
    }
}
