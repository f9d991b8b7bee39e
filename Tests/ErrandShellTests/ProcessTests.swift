import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The real program: exit statuses, script errors with their lines, and durability under SIGKILL.
@Suite(.serialized, .tags(.process, .crash), .fullLane) struct ProcessTests {
    let dir = NSTemporaryDirectory() + "errand-proc-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    var env: [String: String] {
        ["XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state", "HOME": dir, "ERRAND_TODAY": "2026-11-29"]
    }

    @Test(arguments: ["store.sqlite", "store.plist"])
    func aWriteThatReturnedSurvivesSIGKILL(_ name: String) throws {
        let store = dir + "/" + name
        for round in 1...5 {
            let child = try ChildProcess(["--store", store], environment: env)
            child.send("create item \(round)")
            let answer = child.readLine()
            // Killed the moment the answer arrives: the write had returned.
            child.kill9()
            #expect(answer == "created \"item \(round)\" for Sun Nov 29 2026")
            let reopened = try StoreOpener.open(path: store, backend: StoreBackend(forPath: store))
            #expect(try reopened.allItems().map(\.title) == (1...round).map { "item \($0)" })
            reopened.close()
        }
    }

    @Test func aPipeIsAnsweredOneCommandAtATime() throws {
        let child = try ChildProcess(["--store", dir + "/pipe.sqlite", "--json"], environment: env)
        child.send("create first")
        #expect(child.readLine()?.hasPrefix("{\"ok\":true,\"command\":\"create\"") == true)
        child.send("view")
        #expect(child.readLine()?.contains("\"count\":1") == true)
        child.send("open 42")
        #expect(child.readLine()?.hasPrefix("{\"ok\":false,\"command\":\"open\"") == true)
        let (status, _, _) = child.finish()
        #expect(status == 1)
    }

    @Test func exitStatusesAndErrorLocations() throws {
        let store = ["--store", dir + "/s.sqlite"]
        var (status, out, err) = try ChildProcess.run(store + ["-c", "view"], environment: env)
        #expect(status == 0)
        #expect(out.hasPrefix("View: 7 days from Sun Nov 29 2026\n"))
        #expect(err == "")
        (status, _, err) = try ChildProcess.run(store + ["-c", "view", "-c", "open 9"], environment: env)
        #expect(status == 1)
        #expect(err == "-c:2: open: no row \"9\": choose a number from 1 to 7\n")
        (status, _, err) = try ChildProcess.run(["--frobnicate"], environment: env)
        #expect(status == 2)
        #expect(err.hasPrefix("errand: unknown option --frobnicate\n"))
        (status, _, err) = try ChildProcess.run(store + ["-c", "view"], environment: env.merging(["ERRAND_CATALOGUE_MAX_MB": "0"]) { $1 })
        #expect(status == 2)
        #expect(err == "errand: ERRAND_CATALOGUE_MAX_MB needs a number of megabytes from 1 to 4096, not \"0\"\n")
        (status, _, err) = try ChildProcess.run(store + ["-1", "-c", "create a", "-c", "create a", "-c", "create b"], environment: env)
        #expect(status == 1)
        #expect(err == "-c:2: \"a\" is already on the list for Sun Nov 29; change the title, notes, date or place to add another\n"
                + "-c: nothing was saved: the script runs as one transaction (--single-transaction)\n")
        (status, out, _) = try ChildProcess.run(store + ["-c", "day today"], environment: env)
        #expect(status == 0 && !out.contains(" a\n"))

        let script = dir + "/plan.errand"
        try "# plan\ncreate a\n\nopen 3\ncreate b\n".write(toFile: script, atomically: true, encoding: .utf8)
        (status, out, err) = try ChildProcess.run(store + [script], environment: env)
        #expect(status == 1)
        #expect(err == "\(script):4: open: nothing is listed yet: view, list or day DATE first\n")
        #expect(out == "created \"a\" for Sun Nov 29 2026\ncreated \"b\" for Sun Nov 29 2026\n")
        (status, out, err) = try ChildProcess.run(store + ["--bail", "--echo", "--script", script], environment: env)
        #expect(status == 1)
        // "a" exists from the run above: echoed, failed, and nothing after line 2 ran.
        #expect(out == "create a\n")
        #expect(err == "\(script):2: \"a\" is already on the list for Sun Nov 29; change the title, notes, date or place to add another\n")
    }

    /// A `--single-transaction` script never idles between its commands: once it has committed,
    /// the word index's merge runs, sized by what it wrote, so a find after a bulk load walks a
    /// few segments, not the one each command flushed (SQLiteItemStore+WordMerges).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell"))
    func aSingleTransactionScriptLeavesItsWordsMerged() throws {
        let store = dir + "/bulk.sqlite", script = dir + "/bulk.errand"
        let lines = (0..<400).map { n in
            "create \"Item \(n)\" --notes \"" + (0..<300).map { "word\(($0 * 13 + n * 7) % 997)" }.joined(separator: " ") + "\""
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let (status, _, err) = try ChildProcess.run(["--store", store, "-1", script], environment: env)
        #expect(status == 0, "\(err)")
        let count = try HelperRun.run("/usr/bin/sqlite3", [store, "SELECT count(DISTINCT segid) FROM item_text_idx"])
        #expect(count.status == 0, "\(count.errors)")
        let segments = Int(String(decoding: count.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        // Unmerged, the 400 commands leave 10 or more (WordMergeTests).
        #expect(segments.map { $0 >= 1 && $0 <= 4 } == true, "\(String(describing: segments)) segments")
    }

    @Test func aDamagedStoreIsRefusedWithStatus3AndLeftAlone() throws {
        let path = dir + "/bad.sqlite"
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let (status, out, err) = try ChildProcess.run(["--store", path, "-c", "view"], environment: env)
        #expect(status == 3)
        #expect(out == "")
        #expect(err == "errand: \(path): not an Errand store (not a database); the file was left untouched\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aMalformedImportGivesExactlyOneLine() throws {
        let bad = dir + "/old.plist"
        try "{ a = b".write(toFile: bad, atomically: true, encoding: .utf8)
        let (status, _, err) = try ChildProcess.run(["--store", dir + "/imp.sqlite", "-c", "import \(bad)"], environment: env)
        #expect(status == 1)
        #expect(err == "-c:1: \(bad): not a property list\n")
    }

    @Test func sourceRunsAFileAndNamesItsLines() throws {
        let inner = dir + "/inner.errand"
        try "create from inner\nbogus\n".write(toFile: inner, atomically: true, encoding: .utf8)
        let (status, out, err) = try ChildProcess.run(["--store", dir + "/src.sqlite"],
                                                      stdin: "source \(inner)\nlist\n", environment: env)
        #expect(status == 1)
        #expect(out.hasPrefix("created \"from inner\" for Sun Nov 29 2026\nAll items\n"))
        #expect(err == "\(inner):2: unknown command \"bogus\" (help lists all)\n")
    }
}
