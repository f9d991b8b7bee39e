@testable import ErrandLaunch
import ErrandTestSupport
import Foundation
import Testing

/// `errand --version` names the version and the commit the binary was built from.
@Suite(.tags(.process), .fullLane) struct ProgramVersionTests {
    static let checkout: String = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return root.path
    }()

    static var isGitCheckout: Bool {
        (try? ShellScript.run("git rev-parse --git-dir", environment: [:], in: checkout).0) == 0
    }

    @Test func saysTheCommitOrThatItIsUnknown() {
        let number = ProgramVersion.number
        #expect(ProgramVersion.line(commit: "", date: "", modified: false) == "errand \(number) (unknown commit)")
        #expect(ProgramVersion.line(commit: "0123abcd", date: "2026-11-30", modified: false)
                == "errand \(number) (commit 0123abcd, 2026-11-30)")
        #expect(ProgramVersion.line(commit: "0123abcd", date: "2026-11-30", modified: true)
                == "errand \(number) (commit 0123abcd, 2026-11-30, with uncommitted changes)")
    }

    @Test(.enabled(if: isGitCheckout, "the checkout is not a git repository"))
    func theBuiltCommitIsTheCheckoutsHead() throws {
        let (status, head, _) = try ShellScript.run("git rev-parse HEAD", environment: [:], in: ProgramVersionTests.checkout)
        #expect(status == 0)
        // Fails on a build older than the last commit (swift test --skip-build after a commit):
        // that binary is indeed not built from HEAD; swift build records it anew.
        #expect(BuildInfo.commit == head.trimmingCharacters(in: .whitespacesAndNewlines),
                "built from another commit than HEAD: run swift build --build-tests again")
        #expect(ProgramVersion.line.hasPrefix("errand \(ProgramVersion.number) (commit \(BuildInfo.commit), "))
        let child = try ChildProcess.run(["--version"])
        #expect(child.0 == 0 && child.1 == ProgramVersion.line + "\n")
    }

    /// A checkout without git (a tarball, or no git installed) still builds: the script the
    /// plugin runs writes an empty commit.
    @Test func buildInfoWithoutGitSaysNothingItDoesNotKnow() throws {
        let dir = NSTemporaryDirectory() + "errand-nogit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = ProgramVersionTests.checkout + "/scripts/build-info"
        // A PATH with the tools the script needs but git.
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        for tool in ["mkdir", "dirname", "cat", "mv"] {
            try FileManager.default.createSymbolicLink(atPath: dir + "/bin/" + tool, withDestinationPath: "/bin/" + tool)
        }
        for (label, command) in [("not a repository", "/bin/sh '\(script)' '\(dir)' '\(dir)/a.swift'"),
                                 ("no git", "PATH='\(dir)/bin' /bin/sh '\(script)' '\(ProgramVersionTests.checkout)' '\(dir)/b.swift'")] {
            let (status, _, err) = try ShellScript.run(command, environment: ["GIT_CEILING_DIRECTORIES": NSTemporaryDirectory()])
            #expect(status == 0 && err == "", "\(label): \(err)")
            let file = dir + (label == "no git" ? "/b.swift" : "/a.swift")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("static let commit = \"\"\n"), "\(label): \(text)")
            #expect(text.contains("static let modified = false\n"), "\(label)")
        }
    }
}
