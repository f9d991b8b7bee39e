@testable import ErrandLaunch
import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// `errand remind` from cron: which command lines start-up may answer without the shell, and
/// its answer on a real store (the process tests, ErrandReliabilityTests, run the program).
@Suite struct QuietRemindTests {
    let environment = ["HOME": "/nowhere", "TZ": "UTC"]

    @Test func onlyAPlainRemindIsAnsweredWithoutTheShell() throws {
        let plain = try #require(QuietRemind.configuration(["--store", "/tmp/x.sqlite", "--today", "2026-12-03T09:30",
                                                            "--no-color", "-X", "remind", "--notify"], environment: environment))
        #expect(plain.storePath == "/tmp/x.sqlite" && plain.today == DueDay(year: 2026, month: 12, day: 3))
        #expect(QuietRemind.configuration(["remind"], environment: environment)?.storeBackend == .sqlite)
        #expect(QuietRemind.configuration(["--store", "x.plist", "remind"], environment: environment)?.storeBackend == .plist)
        // The store named remind, then the command.
        #expect(QuietRemind.configuration(["--store", "remind", "remind"], environment: environment)?.storePath == "remind")
        let others: [[String]] = [
            [], ["list"], ["remind", "--yes"], ["remind", "--notify", "--notify"], ["--echo", "remind"], ["--json", "remind"],
            ["--rc", "remind"], ["-c", "remind"], ["-1", "remind"], ["--store", "remind"], ["create", "remind"],
            ["--remote", "https://example.org/dav", "remind"], ["--today", "soon", "remind"], ["--nope", "remind"],
        ]
        for arguments in others { #expect(QuietRemind.configuration(arguments, environment: environment) == nil, "\(arguments)") }
        // A bad ERRAND_TODAY is the ordinary way's to report.
        #expect(QuietRemind.configuration(["remind"], environment: ["ERRAND_TODAY": "soon"]) == nil)
    }

    @Test(arguments: [StoreBackend.sqlite, .plist])
    func itFindsNothingOnlyWhenNothingRings(_ backend: StoreBackend) throws {
        let directory = NSTemporaryDirectory() + "errand-quiet-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/store." + backend.rawValue
        let store = try StoreOpener.open(path: path, backend: backend)
        var call = TodoItem(id: UUID(), title: "Call", due: DueDay(year: 2026, month: 12, day: 3),
                            time: TimeOfDay(hour: 10, minute: 0), created: Date(timeIntervalSince1970: 0))
        call.reminders = [.before(seconds: 1_800)]
        _ = try store.add(call)
        store.close()
        func quiet(_ now: String) throws -> Bool {
            QuietRemind.findsNothing(try #require(QuietRemind.configuration(["--store", path, "--today", now, "remind"],
                                                                            environment: environment)))
        }
        #expect(try quiet("2026-12-03T09:29"))
        #expect(try !quiet("2026-12-03T09:30"))
        // Found, not rung: the ordinary way rings it.
        let reopened = try StoreOpener.open(path: path, backend: backend)
        #expect(try reopened.allItems().first?.reminded == nil)
        reopened.close()
        // A store that cannot be opened is the ordinary way's to refuse, in its words.
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try !quiet("2026-12-03T09:29"))
    }
}
