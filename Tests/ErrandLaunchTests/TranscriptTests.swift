import ErrandLaunch
import ErrandShell
import Foundation
import Testing

/// Every transcript in examples/ must replay exactly; the checker itself must catch a difference.
@Suite struct TranscriptTests {
    static let examples: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("examples").path
    }()

    static var sessionFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []
        return names.filter { $0.hasSuffix(".session") }.sorted()
    }

    @Test func theRequiredExamplesExist() {
        #expect(TranscriptTests.sessionFiles.count >= 4)
    }

    @Test(arguments: TranscriptTests.sessionFiles)
    func exampleReplaysExactly(_ name: String) throws {
        let report = try TranscriptChecker().check(path: TranscriptTests.examples + "/" + name)
        #expect(report.commands > 0)
        #expect(report.diffs == [])
    }

    @Test func aDifferenceIsReportedWithItsLine() throws {
        let text = """
            # today: 2026-12-25
            $ create Gifts
            created "Gifts" for Fri Dec 25 2026
            $ day today
            Fri Dec 25 2026
            To do
              1    Presents
            """
        let report = try TranscriptChecker().check(text: text, file: "x.session")
        #expect(report.commands == 2)
        #expect(report.diffs == ["x.session:4: $ day today\n-   1    Presents\n+   1    Gifts"])
    }

    @Test func plistDirectiveUsesThePlistBackend() throws {
        let text = "# store: plist\n$ create a\ncreated \"a\" for Sun Nov 29 2026\n"
        #expect(Transcript(text: text).plist)
        #expect(!Transcript(text: "$ view\n").plist)
        #expect(try TranscriptChecker().check(text: text, file: "p.session").passed)
    }

    @Test func checkReportsUpdatesAndNamesAnUnreadableFile() throws {
        let dir = NSTemporaryDirectory() + "errand-check-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.session"
        try "# today: 2026-12-25\n$ create Gifts\ncreated something else\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sink = MemorySink()
        #expect(CheckCommand(paths: [path], update: false, sink: sink).run() == 1)
        #expect(sink.stdout.last == "\(path): 1 of 1 commands differ")
        sink.reset()
        #expect(CheckCommand(paths: [path], update: true, sink: sink).run() == 0)
        #expect(sink.stdout == ["\(path): updated 1 of 1 commands"])
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "# today: 2026-12-25\n$ create Gifts\ncreated \"Gifts\" for Fri Dec 25 2026\n")
        sink.reset()
        #expect(CheckCommand(paths: [path, dir + "/none.session"], update: false, sink: sink).run() == 1)
        #expect(sink.stdout == ["\(path): 1 commands, all match"])
        #expect(sink.stderr == ["errand: \(dir)/none.session: cannot read the transcript"])
    }
}
