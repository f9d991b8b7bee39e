import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// `remote` without a server: what it says of the collection, the last good sync and a failure
/// since, on both backends; setting and forgetting it. (Syncing itself: ErrandSyncTests.)
@Suite struct RemoteCommandTests {
    static func at(_ hour: Int, _ minute: Int) -> Date {
        Date(timeIntervalSince1970: Double(ShellTester.today.dayNumber * 86_400 + hour * 3_600 + minute * 60))
    }

    @Test(arguments: ["sqlite", "plist"])
    func remoteSaysTheLastGoodSyncAndAFailureSince(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.send("remote", ["no remote: `remote URL` or --remote URL names a CalDAV collection"])
        t.send("remote https://me:s3cret@dav.example/tasks/",
               ["remote set to https://me@dav.example/tasks/ (its password is not kept: put it in ~/.netrc); sync todos exchanges with it"])
        t.send("remote", ["remote: https://me@dav.example/tasks/", "not synced yet"])

        try t.store.updateSyncRemote {
            $0.lastSync = Self.at(9, 5)
            $0.lastResult = "synced with tasks@dav.example: 3 received, 2 sent, 0 deleted here, 0 conflicts"
            return true
        }
        t.send("remote", ["remote: https://me@dav.example/tasks/",
                          "last sync: Sun Nov 29 09:05: synced with tasks@dav.example: 3 received, 2 sent, 0 deleted here, 0 conflicts"])

        try t.store.updateSyncRemote {
            $0.lastFailureAt = Self.at(17, 30)
            $0.lastFailure = "cannot reach dav.example: connection refused\u{1B}[2J; nothing was changed"
            return true
        }
        t.send("remote", ["remote: https://me@dav.example/tasks/",
                          "last sync: Sun Nov 29 09:05: synced with tasks@dav.example: 3 received, 2 sent, 0 deleted here, 0 conflicts",
                          "last attempt failed: Sun Nov 29 17:30: cannot reach dav.example: connection refused\u{FFFD}[2J; nothing was changed"])

        t.send("remote --forget", ["forgot https://me@dav.example/tasks/; the items stay here"])
        t.send("remote", ["no remote: `remote URL` or --remote URL names a CalDAV collection"])
        t.send("remote --forget", ["no remote to forget"])
    }

    @Test func aSessionRemoteOtherThanTheStoresIsNamedApart() throws {
        let t = try ShellTester()
        t.interpreter.environment.remoteURL = "https://me:pw@other.example/tasks/"
        t.send("remote", ["remote for this session: https://me@other.example/tasks/ (kept after its first good sync)"])
        t.given("remote https://me@dav.example/tasks/")
        t.send("remote", ["remote for this session: https://me@other.example/tasks/",
                          "remote of this store: https://me@dav.example/tasks/", "not synced yet"])
        t.interpreter.environment.remoteURL = "https://me@dav.example/tasks/"
        t.send("remote", ["remote: https://me@dav.example/tasks/", "not synced yet"])
    }
}
