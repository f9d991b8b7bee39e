import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// The server as a user types it (its root, with the user in it), against each real server
/// holding a task list made by another client: discovery finds the list, the sync goes
/// there, and the store keeps the list's URL.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct DiscoveryRealServerTests {
    /// The server's root with the test user (and password where the server checks one).
    static func root(_ server: DAVServer) -> String {
        let auth = server.authorization == nil ? "" : "\(server.user):\(server.password)@"
        return "http://\(auth)127.0.0.1:\(server.port)/"
    }

    /// Cyrus gives every account a Default calendar that takes tasks, which it refuses to
    /// delete (403): its root never offers one list alone (twoTaskListsAreNamed... counts it).
    @Test(arguments: DAVServer.Kind.battery.filter { $0 != .cyrus })
    func theRootFindsTheOneTaskListAndSyncsWithIt(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let lists = try TodoSync().taskLists(Self.root(f.server))
        #expect(lists.map(\.path.path) == [f.server.collectionPath("tasks")], "\(lists)")
        try f.add(f.a, "Dentist")
        let codec = HelperCodec(helper: CalendarHelper(zoneName: "UTC"))
        let (line, outcome) = try TodoSync().run(f.a, url: Self.root(f.server), codec: codec, now: { f.tick() })
        #expect(outcome.sent == 1)
        #expect(line.hasPrefix("found the task list \"tasks\""), "\(line)")
        #expect(!line.contains(f.server.password))
        #expect(try f.serverSummaries() == ["Dentist"])
        let kept = try #require(try f.a.syncRemote()?.url)
        #expect(kept == TodoSync.kept(f.url), "\(kept)")
        // The next sync, by the root again, finds the same list: nothing starts over.
        let again = try TodoSync().run(f.a, url: Self.root(f.server), codec: codec, now: { f.tick() }).outcome
        #expect(again.sent == 0 && again.received == 0)
    }

    @Test(arguments: DAVServer.Kind.battery)
    func twoTaskListsAreNamedAndNothingIsSynced(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.server.makeTaskCollection("Shopping")
        try f.add(f.a, "Dentist")
        let codec = HelperCodec(helper: CalendarHelper(zoneName: "UTC"))
        // Cyrus's account has its Default calendar besides ("personal").
        let lists = kind == .cyrus ? 3 : 2
        #expect {
            try TodoSync().run(f.a, url: Self.root(f.server), codec: codec, now: { f.tick() })
        } throws: { error in
            let text = "\(error)"
            return !text.contains("\n") && text.contains("has \(lists) task lists") && text.contains("\"tasks\" http://127.0.0.1")
                && text.contains("\"Shopping\" http://127.0.0.1") && !text.contains(f.server.password)
        }
        #expect(try f.a.syncRemote() == nil)
        #expect(try f.serverSummaries().isEmpty)
    }

    /// The failure issue 24 began with, through the program: the root with the user only, the
    /// password in the netrc file; then `remote ... --list` choosing among two lists.
    @Test func theProgramSyncsFromTheRootWithTheNetrcPassword() throws {
        let server = try DAVServer(.radicale)
        defer { server.remove() }
        try server.makeTaskCollection("Tasks")
        let netrc = server.folder + "/netrc"
        try "machine 127.0.0.1 login \(server.user) password \(server.password)\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        let store = server.folder + "/s.sqlite"
        let root = "http://\(server.user)@127.0.0.1:\(server.port)/"
        let env = ["NETRC": netrc, "HOME": server.folder]
        let (status, out, err) = try ChildProcess.run(["--store", store, "--remote", root, "-c", "create Dentist", "-c", "sync todos"],
                                                      environment: env)
        #expect(status == 0, "\(out) \(err)")
        #expect(out.contains("found the task list \"Tasks\" (http://\(server.user)@127.0.0.1:\(server.port)/\(server.user)/Tasks/)"),
                "\(out) \(err)")
        #expect(out.contains("1 sent"), "\(out)")
        let phone = RawHTTP(port: server.port, authorization: server.authorization)
        let listed = try phone.send("PROPFIND", "/\(server.user)/Tasks/", headers: ["Depth": "1"])
        #expect(String(decoding: listed.body, as: UTF8.self).contains(".ics"))

        try server.makeTaskCollection("Shopping")
        // The store's own list is one of the two: the root goes on syncing with it.
        let (again, kept, _) = try ChildProcess.run(["--store", store, "--remote", root, "-c", "sync todos"], environment: env)
        #expect(again == 0 && kept.contains("synced with Tasks@127.0.0.1: 0 received, 0 sent"), "\(kept)")
        // A store new to the server is asked to choose.
        let fresh = server.folder + "/fresh.sqlite"
        let (failed, several, complaint) = try ChildProcess.run(["--store", fresh, "--remote", root, "-c", "sync todos"], environment: env)
        #expect(failed != 0 && several.isEmpty && complaint.contains("has 2 task lists") && complaint.contains("--all"),
                "\(several) \(complaint)")
        let (_, shown, _) = try ChildProcess.run(["--store", store, "-c", "remote \(root) --lists"], environment: env)
        let base = "http://127.0.0.1:\(server.port)/\(server.user)/"
        #expect(shown.split(separator: "\n").sorted() == ["\"Shopping\" \(base)Shopping/", "\"Tasks\" \(base)Tasks/"], "\(shown)")
        let (chose, said, why) = try ChildProcess.run(["--store", store, "-c", "remote \(root) --list shopping", "-c", "sync todos",
                                                       "-c", "remote"], environment: env)
        #expect(chose == 0, "\(said) \(why)")
        #expect(said.contains("remote set to the task list \"Shopping\""), "\(said)")
        #expect(said.contains("remote: http://\(server.user)@127.0.0.1:\(server.port)/\(server.user)/Shopping/"), "\(said)")
    }
}
