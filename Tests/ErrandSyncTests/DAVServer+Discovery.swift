@testable import ErrandSync
import ErrandTestSupport
import Testing

extension DAVServer {
    /// From the server's root, discovery finds the list made ("tasks") and never offers a
    /// scheduling Inbox or Outbox as a list (DAViCal marks them calendars of any component).
    static func expectDiscoveryFromTheRoot(_ kind: Kind) throws {
        let server = try DAVServer(kind)
        defer { server.remove() }
        try server.makeTaskCollection("tasks", display: "Tasks")
        let lists = try TodoSync().taskLists("http://\(server.user):\(server.password)@127.0.0.1:\(server.port)/")
        let paths = lists.map(\.path.path)
        #expect(paths.contains(server.collectionPath("tasks")), "\(paths)")
        #expect(!paths.contains { $0.lowercased().contains("inbox") || $0.lowercased().contains("outbox") }, "\(paths)")
    }
}
