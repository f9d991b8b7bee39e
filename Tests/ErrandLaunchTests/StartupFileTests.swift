@testable import ErrandLaunch
import ErrandTestSupport
import Foundation
import Testing

/// The start-up file, `$XDG_CONFIG_HOME/errand/errandrc`, through the real program with
/// temporary XDG folders (the keyboard case is in TerminalSessionTests).
@Suite(.tags(.process), .fullLane) struct StartupFileTests {
    /// A home with an errandrc holding `text` (nil: none), and the environment pointing at it.
    func withHome(rc text: String?, _ body: (String, [String: String]) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "errand-rc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/config/errand", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let text { try text.write(toFile: dir + "/config/errand/errandrc", atomically: false, encoding: .utf8) }
        let environment = ["HOME": dir, "XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data",
                           "XDG_STATE_HOME": dir + "/state", "ERRAND_TODAY": "2026-11-29", "LANG": "C"]
        try body(dir, environment)
    }

    @Test func pathFollowsXDGConfigHome() {
        #expect(StartupFile(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c"]).path == "/c/errand/errandrc")
        #expect(StartupFile(environment: ["HOME": "/h"]).path == "/h/.config/errand/errandrc")
        // A relative value is ignored, as the XDG specification says.
        #expect(StartupFile(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "rel"]).path == "/h/.config/errand/errandrc")
    }

    @Test func scriptsReadItOnlyWithRc() throws {
        try withHome(rc: "# settings\n\nset output json\n") { (_: String, environment: [String: String]) throws in
            let plain = try ChildProcess.run(["-c", "day today"], environment: environment)
            #expect(plain.0 == 0 && plain.1.hasPrefix("Sun Nov 29 2026\n"), "\(plain)")
            let json = "{\"ok\":true,\"command\":\"day\",\"screen\":\"day\",\"date\":\"2026-11-29\""
            // The file itself is silent (issue 27, 15): its `set output json` says nothing.
            let withRc = try ChildProcess.run(["--rc", "-c", "day today"], environment: environment)
            #expect(withRc.0 == 0 && withRc.1.hasPrefix(json), "\(withRc)")
            let piped = try ChildProcess.run(["--rc"], stdin: "day today\n", environment: environment)
            #expect(piped.0 == 0 && piped.1.hasPrefix(json), "\(piped)")
            let pipedPlain = try ChildProcess.run([], stdin: "day today\n", environment: environment)
            #expect(pipedPlain.1 == plain.1)
            // The last of --rc and -X decides.
            let skipped = try ChildProcess.run(["--rc", "-X", "-c", "day today"], environment: environment)
            #expect(skipped.1 == plain.1)
        }
    }

    @Test func errorsAreReportedByLineAndTheSessionGoesOn() throws {
        try withHome(rc: "set pagesize 5\nsett color off\n# fine\nset pagesize zero\ncreate From the rc\n") { (_: String, environment: [String: String]) throws in
            let (status, out, err) = try ShellScript.run("exec \"$ERRAND\" --rc --bail -c 'day today'",
                                                         environment: environment.merging(["ERRAND": try ChildProcess.built()]) { $1 })
            let lines = err.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(err)")
            #expect(lines.first?.hasPrefix("errandrc:2: ") == true, "\(err)")
            #expect(lines.last?.hasPrefix("errandrc:4: set pagesize: ") == true, "\(err)")
            // Line 5 ran (no bail inside the file), then the -c command: a failure in the file
            // counts for the exit status.
            // and silently: only the -c command's listing shows it.
            #expect(!out.contains("created \"From the rc\"") && out.contains("From the rc\n"), "\(out)")
            #expect(status == 1)
        }
    }

    @Test func aMissingFileIsNothingAndAFolderIsOneLine() throws {
        try withHome(rc: nil) { (dir: String, environment: [String: String]) throws in
            let none = try ChildProcess.run(["--rc", "-c", "day today"], environment: environment)
            #expect(none.0 == 0 && none.2 == "")
            try FileManager.default.createDirectory(atPath: dir + "/config/errand/errandrc", withIntermediateDirectories: true)
            let folder = try ChildProcess.run(["--rc", "-c", "day today"], environment: environment)
            #expect(folder.2.hasPrefix("errandrc: is a directory, not a script (\(dir)/config/errand/errandrc)") && folder.2.split(separator: "\n").count == 1, "\(folder.2)")
            #expect(folder.1 == none.1)
        }
    }
}
