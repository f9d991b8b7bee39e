import ErrandDAVWire
@testable import ErrandSync
import ErrandHelpers
import Foundation
import Testing

/// A request helper that dies is named with how it ended and the last line it wrote, in one
/// line, instead of a bare "stopped before answering".
@Suite struct DAVHelperStopTests {
    func stopLine(_ script: String) throws -> String {
        // errand ignores SIGPIPE (its main); this process must too, to write to a dead helper.
        signal(SIGPIPE, SIG_IGN)
        let folder = NSTemporaryDirectory() + "errand-helper-stop-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/fake-fetch"
        try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        let helper = DAVHelper(helperPath: path, limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 5, totalTimeout: 10),
                               credentials: ("me", "s3cret-pw"))
        defer { helper.close() }
        do {
            _ = try helper.perform([DAVRequest(method: "PROPFIND", url: "http://127.0.0.1:1/c/", headers: [], body: [])])
        } catch {
            return error.description
        }
        Issue.record("a dead helper answered")
        return ""
    }

    @Test func anExitStatusAndTheLastLineOnStderrAreNamed() throws {
        let line = try stopLine("read -r first; echo 'starting' >&2; echo 'Fatal error: out of cheese at http://me:s3cret-pw@x/' >&2; exit 3")
        #expect(line.contains("stopped before answering (fake-fetch exited with status 3: Fatal error: out of cheese"), "\(line)")
        #expect(!line.contains("s3cret-pw") && !line.contains("\n"), "\(line)")
    }

    @Test func aSignalIsNamed() throws {
        let line = try stopLine("kill -SEGV $$")
        #expect(line.contains("fake-fetch was killed by signal 11"), "\(line)")
    }
}
