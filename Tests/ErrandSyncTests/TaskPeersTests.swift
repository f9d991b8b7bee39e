import ErrandHelpers
import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// What Errand sends, read back by Debian's todoman 4.1 (and fetched by vdirsyncer): issue 21's
/// phone case made todoman list nothing after a check.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct TaskPeersTests {
    static var corpus: [(name: String, text: String)] {
        ClientCorpusSyncTests.names.compactMap { name in
            (try? String(contentsOf: ClientCorpusSyncTests.folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }

    /// What todoman lists of the clients' own files: it cannot read one of them (its DUE is
    /// not a date), as the client wrote it.
    static func clientsListed() throws -> [String] {
        let peers = try TaskPeers()
        defer { peers.remove() }
        for (name, text) in corpus { try text.write(toFile: peers.list + "/" + name, atomically: true, encoding: .utf8) }
        return try peers.todomanTitles()
    }

    /// Errand's own export of the corpus, each item checked and tagged, one file per item as a
    /// vdir holds it: todoman lists every task it listed of the clients' own files.
    @Test(.enabled(if: TaskPeers.haveTodoman, "todoman is not installed (scripts/deps --test)"))
    func todomanListsWhatErrandWroteAfterACheck() throws {
        let baseline = Set(try Self.clientsListed())
        #expect(baseline.count >= 20)
        let peers = try TaskPeers()
        defer { peers.remove() }
        let helper = CalendarHelper(zoneName: "UTC")
        var items = try helper.readEach(Self.corpus.map(\.text), now: Date(timeIntervalSince1970: 1_796_000_000),
                                        naming: "corpus", newID: UUID.init).filter { !$0.isOccurrence }
        #expect(items.count >= 12)
        for i in items.indices {
            items[i].isDone.toggle()
            items[i].tags.append("errand")
            items[i].modified = Date(timeIntervalSince1970: 1_796_000_000)
        }
        let texts = try helper.writeEach(items, naming: "corpus")
        for (index, text) in texts.enumerated() {
            try text.write(toFile: peers.list + "/\(index).ics", atomically: true, encoding: .utf8)
        }
        // todoman lists an occurrence recorded apart as a task of its own: compared as sets.
        let listed = try peers.todomanTitles()
        #expect(Set(listed) == baseline, "\(listed)")
        // Every task Errand wrote (not the occurrences it kept as they were) has the new tag.
        #expect(Set(try peers.todomanTitles(category: "errand")) == baseline)
    }

    /// The whole way: a phone's VTODOs on Radicale, pulled and checked in Errand, pushed, fetched
    /// by vdirsyncer into a folder, listed by todoman.
    @Test(.enabled(if: TaskPeers.haveTodoman && TaskPeers.haveVdirsyncer, "todoman or vdirsyncer is not installed (scripts/deps --test)"))
    func todomanListsWhatVdirsyncerFetchedAfterErrandSynced() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let peers = try TaskPeers()
        defer { peers.remove() }
        for (name, text) in Self.corpus {
            let put = try f.phone.put(f.server.collectionPath("tasks") + name, ics: text, headers: ["If-None-Match": "*"])
            #expect((200...299).contains(put.status) || name.contains("bad-values"), "\(name): \(put.status)")
        }
        try f.sync(f.a)
        let phone = try #require(try f.item(f.a, "Post office"))
        _ = try f.a.setDone(true, id: phone.id, expecting: phone, at: f.tick())
        for item in try f.a.allItems() where item.title != "Post office" {
            _ = try f.a.setDone(!item.isDone, id: item.id, expecting: item, at: f.tick())
        }
        try f.sync(f.a)
        try peers.vdirsyncerPull(url: f.server.collectionURL("tasks", withPassword: false), user: f.server.user,
                                 password: f.server.password)
        let listed = try peers.todomanTitles()
        #expect(Set(listed) == Set(try f.titles(f.a)), "\(listed)")
        #expect(listed.contains("Post office"))
    }
}
