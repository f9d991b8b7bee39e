import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// python-caldav, a client no one here wrote, makes a task list the way its apps do (its path
/// a UUID no user would type); errand, given only the server's root, finds it: the task
/// python-caldav wrote reaches errand, and errand's check reaches python-caldav.
@Suite(.serialized, .enabled(if: PythonCalDAV.available, "python-caldav is not in .build/test-venv: scripts/deps --test installs it"), .tags(.server, .process), .fullLane)
struct PythonCalDAVPeerTests {
    @Test(arguments: DAVServer.Kind.pythonCalDAVMakesCalendars)
    func aTaskPythonCalDAVWroteComesAndACheckGoesBack(kind: DAVServer.Kind) throws {
        let server = try DAVServer(kind)
        defer { server.remove() }
        let user = server.authorization == nil ? "" : server.user
        let password = server.authorization == nil ? "" : server.password
        let plain = "http://127.0.0.1:\(server.port)/"
        try PythonCalDAV.makeList(plain, user: user, password: password, name: "Tasks", summary: "Buy milk")
        let root = DiscoveryRealServerTests.root(server)
        let store = server.folder + "/s.sqlite"
        let (status, out, err) = try ChildProcess.run(["--store", store, "--remote", root, "-c", "sync todos", "-c", "list"])
        #expect(status == 0, "\(out) \(err)")
        #expect(out.contains("found the task list \"Tasks\"") && out.contains("synced with Tasks@127.0.0.1: 1 received"), "\(out) \(err)")
        #expect(out.contains("Buy milk"), "\(out)")
        #expect(!out.contains(server.password))
        let (checked, said, why) = try ChildProcess.run(["--store", store, "--remote", root, "-c", "list", "-c", "check 1",
                                                         "-c", "sync todos"])
        #expect(checked == 0 && said.contains("1 sent"), "\(said) \(why)")
        #expect(try PythonCalDAV.tasks(plain, user: user, password: password).contains("Tasks|Buy milk|COMPLETED"))
    }
}
