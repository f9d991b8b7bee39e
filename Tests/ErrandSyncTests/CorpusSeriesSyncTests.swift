import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 42's oracle on real clients' files: every open series in ../shared/corpus (Thunderbird,
/// eM Client, Apple, DAVdroid, ical4j's and ical.net's samples...) put on Radicale as its client
/// left it, pulled, its open occurrence checked three times with a sync after each: the series
/// is on the server after each step with its rule, never completed while libical finds an
/// occurrence left, every line it does not own as the server first served it, and a second
/// store reads the same next day.
@Suite(.serialized, .tags(.server, .process), .fullLane,
       .enabled(if: CorpusSeries.available, "needs ../shared/corpus beside the checkout"))
struct CorpusSeriesSyncTests {
    /// Lines a check may rewrite: the status, the times, and what a roll moves on.
    /// X-ERRAND-SERIES-CLIENT: the line a roll adds naming the phone, for the next Errand.
    static let owned: Set<String> = ClientCorpusSyncTests.statusLines.union(["DTSTART", "DUE", "RRULE", "TRIGGER", "SEQUENCE",
                                                                             "X-ERRAND-SERIES-CLIENT"])

    static func unowned(_ block: [String]) -> [String] {
        block.filter { !owned.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }.sorted()
    }

    /// The VTODO of `uid` without RECURRENCE-ID in a served text, and the others.
    static func split(_ text: String) -> (master: [String]?, others: [[String]]) {
        let blocks = OccurrenceSyncTests.blocks(text)
        let master = blocks.first { !$0.contains { $0.hasPrefix("RECURRENCE-ID") } }
        return (master, blocks.filter { $0 != master })
    }

    @Test(arguments: CorpusSeries.files)
    func aSeriesSurvivesThreeChecksThroughRadicale(_ file: String) throws {
        let helper = CalendarHelper(zoneName: "UTC")
        let read = try helper.read(path: file, now: Date(timeIntervalSince1970: 1_790_000_000), newID: UUID.init).items
        let open = read.filter { $0.repeats != nil && $0.due != nil && !$0.isDone && !$0.isOccurrence && $0.icalendar != nil }
        #expect(!open.isEmpty || read.contains { $0.repeats != nil && $0.isDone }, "no series read from \(file)")
        for series in open {
            let f = try SyncFixture(.radicale)
            defer { f.remove() }
            let kept = try #require(series.icalendar).replacingOccurrences(of: "BEGIN:VCALENDAR\r\n", with: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
            #expect(try f.phone.put(f.server.collectionPath("tasks") + "s.ics", ics: kept, headers: ["If-None-Match": "*"]).status == 201)
            try f.sync(f.a)
            let served = try #require(try f.serverTexts().values.first)
            let before = Self.split(served)
            for step in 1...3 {
                let name = "\(file) \(series.uid) check \(step)"
                let item = try #require(try f.a.allItems().first { $0.uid == series.uid && !$0.isOccurrence })
                guard !item.isDone else { break }
                let pair = try #require(try helper.checkOccurrences([item], now: f.tick(), newID: UUID.init).first)
                let ended = pair.series.isDone
                _ = try f.a.check(listed: [item], next: [], occurrences: ended ? [:] : [item.id: pair], at: f.tick())
                try f.sync(f.a)
                let now = try #require(try f.serverTexts().values.first { $0.contains(series.uid) }, "\(name): gone")
                let after = Self.split(now)
                let master = try #require(after.master, "\(name): no series")
                #expect(master.contains { $0.hasPrefix("RRULE") }, "\(name): rule lost")
                #expect(master.contains("STATUS:COMPLETED") == ended, "\(name)")
                #expect(Self.unowned(master) == Self.unowned(before.master ?? []), "\(name)")
                for other in before.others { #expect(after.others.contains(other), "\(name): an earlier occurrence lost") }
            }
            try f.sync(f.b)
            let here = try f.a.allItems().first { $0.uid == series.uid && !$0.isOccurrence }
            let there = try f.b.allItems().first { $0.uid == series.uid && !$0.isOccurrence }
            #expect(here?.due == there?.due && here?.isDone == there?.isDone, "\(file) \(series.uid): the stores disagree")
        }
    }
}

/// The files of ../shared/corpus with a VTODO that carries an RRULE.
enum CorpusSeries {
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/corpus")
    }()

    static var available: Bool { !files.isEmpty }

    static let files: [String] = {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") || $0.hasSuffix(".ical") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            let todos = text.components(separatedBy: "BEGIN:VTODO").dropFirst().map { $0.components(separatedBy: "END:VTODO").first ?? "" }
            return todos.contains { $0.contains("\nRRULE") } ? path : nil
        }
    }()
}
