import ErrandTestSupport
import Foundation
import Testing

/// Issue 16, part 3: `sync` with `user:password@` in its URL, against a loopback server that
/// wants exactly those credentials. The password reaches the server, and no file errand writes
/// nor any line it prints, in text or JSON, with --echo, in successes and in every kind of
/// error. The keyboard's history file has its own test at a real terminal
/// (TerminalHardeningTests).
@Suite(.serialized, .tags(.server, .process), .fullLane) final class PasswordLeakTests {
    let dir = NSTemporaryDirectory() + "errand-secret-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    static func sample(_ name: String) throws -> Data {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return try Data(contentsOf: root.appendingPathComponent("examples/catalogue/" + name))
    }

    /// Every file under `dir` that holds `text`.
    func filesHolding(_ text: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String } ?? []
        return files.filter { (FileManager.default.contents(atPath: dir + "/" + $0) ?? Data()).range(of: Data(text.utf8)) != nil }
    }

    @Test(arguments: ["store.sqlite", "store.plist"])
    func aPasswordInASyncURLReachesNoFileAndNoOutput(_ name: String) throws {
        let header = "Basic " + Data("u:secret".utf8).base64EncodedString()
        let server = try LoopbackServer(routes: ["/categories.json": .body(try Self.sample("categories.json")),
                                                 "/listing.json": .body(try Self.sample("listing.json"))],
                                        requiredAuthorization: header)
        defer { server.stop() }
        let base = "http://u:secret@127.0.0.1:\(server.port)/"
        let script = [
            "sync \(base)",                                      // works
            "sync ads",                                          // from the stored source, which kept no password
            "sync \(base)missing/",                              // the server's 404 names the URL
            "sync http://u:secret@127.0.0.1:1/",                 // nobody listening
            "sync ftp://u:secret@127.0.0.1/",                    // not a scheme errand fetches
            "sync \(base) extra",                                // a usage error
            "http://u:secret-long-enough-to-be-cut-short@127.0.0.1/", // quoted and cut in an error
            "create x --date \(base)",                           // quoted by a domain error
            "ads",
        ].joined(separator: "\n") + "\n"
        let env = ["HOME": dir, "XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state", "TMPDIR": dir + "/tmp",
                   "ERRAND_TODAY": "2026-11-29"]
        var output = ""
        for mode in [[], ["--json"]] {
            let (status, out, err) = try ChildProcess.run(["--store", dir + "/" + name, "--echo"] + mode, stdin: script,
                                                          environment: env)
            #expect(status == 1)
            output += out + err
        }
        #expect(!output.contains("secret"), "\(output)")
        // What is shown instead: the password masked, and the source as stored, without it.
        let port = server.port
        #expect(output.contains("sync http://u:***@127.0.0.1:\(port)/\n"))
        #expect(output.contains("synced 36 ads in 11 categories from http://u:***@127.0.0.1:\(port)/: 36 new"))
        #expect(output.contains("stdin:2: http://u@127.0.0.1:\(port)/categories.json answered HTTP 401\n"))
        #expect(output.contains("\"error\":\"http://u@127.0.0.1:\(port)/categories.json answered HTTP 401\""))
        #expect(output.contains("unknown command \"http://u:***@127.0.0.1/\""))
        // The server got the password as a header each time it was typed, never from the store.
        #expect(server.authorizations.first == header)
        #expect(server.authorizations.filter { $0 == nil }.count == 2)
        #expect(filesHolding("secret") == [])
        #expect(filesHolding("127.0.0.1:\(port)").count == 1, "the store keeps its source: \(filesHolding("127.0.0.1"))")
        // The download helper left nothing behind: not in TMPDIR, not Foundation's caches in HOME.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [name, "tmp"]
                    || FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [name, name + ".lock", "tmp"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp") == [])
    }
}
