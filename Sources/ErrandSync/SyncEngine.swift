import ErrandDAVWire
import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// Two-way sync of a store with one CalDAV collection: pull what changed there (merging what
/// changed on both sides), then push what is pending here. A sync that wrote ends with the
/// changes since the token kept before its writes (PullMode.settle): our own writes come back
/// with the ETags the PUTs answered and are not fetched, and the token kept names a state that
/// holds them, so an equal token at the next discovery is evidence enough to stop there. That
/// REPORT (O(collection) on Radicale, 0.5 s at 10,000 items) is one the next sync would have
/// asked to read our writes back, had nothing else changed; when something did, it is one
/// more. A fresh PROPFIND token instead would be no cheaper on Radicale and could name a state
/// with someone else's change we never read.
///
/// A server that lost what we sent (a calendar made anew, a restored backup; seen as a token
/// it refuses, or a write's guard meeting a member that is not there) gets it sent again, and
/// its members are merged without a base (PullMode.audit, SyncApplier.doubtful).
///
/// Crash safety comes from the order of things: each step's effect on the store is one
/// transaction (the items, their entries and the token together), hrefs of new members are
/// derived from their UID (a PUT repeated after a crash lands on the same member and meets
/// If-None-Match, never making a second copy), and a pending mark is only cleared for the
/// exact version the server acknowledged. A process killed at any point leaves marks that the
/// next sync sends again, and a 412 that repetition meets is merged like any other.
public struct SyncEngine {
    public let client: CalDAVClient
    public let codec: VTODOCodec
    /// The remote URL as the store keeps it (no password).
    public let remoteURL: String
    /// The joined list this collection is (SyncList); nil for the main list's remote.
    public var list: SyncList?
    /// The collection's display name, when discovery gave one: kept on the remote (the main
    /// list is named after it) and in the line it keeps of each sync.
    public var name: String?
    public let now: () -> Date
    /// Items per write transaction while applying or recording (bounds a transaction's size).
    public var chunk = 500
    /// Members fetched before they are applied, when a pull is not one calendar-query: what a
    /// sync killed or failed meanwhile keeps, and bounds what is held in memory at once.
    public var piece = 2_000
    /// Told after each piece of a pull in several: members applied, members to apply.
    public var progress: ((_ done: Int, _ total: Int) -> Void)?
    /// Rounds of fetch-merge-retry after 412 before giving up; also the rounds of push and
    /// settle one sync makes while settling leaves work to send (changes merged meanwhile).
    public var retries = 3

    public init(client: CalDAVClient, codec: VTODOCodec, remoteURL: String, now: @escaping () -> Date = Date.init) {
        self.client = client
        self.codec = codec
        self.remoteURL = remoteURL
        self.now = now
    }

    /// `found`: what the collection's PROPFIND already said (discovery asked it), else asked here.
    public func run<S: ItemStore>(_ store: S, found known: CalDAVCollection? = nil) throws -> SyncOutcome {
        var outcome = SyncOutcome()
        let found = try known ?? client.discover()
        try pull(store, found, .start, &outcome)
        var settled = 0
        while true {
            let pushed = try pushPending(store, &outcome)
            guard pushed.wrote || pushed.lost else { break }
            // Without this the token kept would be the one from before our writes, and a
            // collection emptied to that state again (deleted and made anew) would pass for
            // one with nothing new; a settle that merges changes made meanwhile leaves work
            // pending, sent in the next round.
            try pull(store, found, pushed.lost ? .audit : .settle, &outcome)
            settled += 1
            let left = try read(store) { try SyncEngine.pendingWork($0) }
            if settled > retries || left.isEmpty { break }
        }
        try change(store) { records in
            guard var remote = try records.syncRemote() else { return }
            remote.lastSync = now()
            remote.lastResult = outcome.line(name.map { "\($0)@\(client.collection.host)" } ?? client.collection.display)
            if let name, list == nil { remote.name = name }
            remote.lastFailureAt = nil
            remote.lastFailure = nil
            try records.setSyncRemote(remote)
        }
        return outcome
    }

    /// Sends everything pending, with fetch-merge-retry rounds for what the server refused.
    /// A member refused (412, 404) that a fetch then cannot find is not there at all: it is
    /// sent again as new rather than retried until "kept changing", and `lost` says the
    /// server lacked something we believed it held.
    func pushPending<S: ItemStore>(_ store: S, _ outcome: inout SyncOutcome) throws -> (wrote: Bool, lost: Bool) {
        var pending = try read(store) { try SyncEngine.pendingWork($0) }
        var round = 0
        var wrote = false
        var lost = false
        var refused: Set<String> = []
        while !pending.isEmpty {
            let before = outcome.sent
            let renamed = outcome.newUIDs.count
            let stale = try push(pending, store, &outcome, compare: refused)
            // Refused once though fetched since: their ETag may not survive a read (a proxy
            // rewriting it each time), so the next round compares texts instead.
            refused.formUnion(stale)
            wrote = wrote || outcome.sent > before
            if stale.isEmpty && outcome.newUIDs.count == renamed { break }
            round += 1
            guard round <= retries else {
                throw SyncError.helper("\(stale.count) items kept changing on the server; try again")
            }
            let fetched = try client.fetch(stale)
            try apply(fetched, removed: [], lost: [], remote: nil, store, &outcome, doubtful: false)
            let found = Set(fetched.map(\.href))
            let gone = stale.filter { !found.contains($0) }
            if !gone.isEmpty {
                lost = true
                try change(store) { records in
                    for href in gone { try SyncApplier(bases: [:], doubtful: false, list: list?.name).resend(href, &records) }
                }
            }
            pending = try read(store) { try SyncEngine.pendingWork($0) }
        }
        return (wrote, lost)
    }

    /// Entries with something to send, and items no entry knows yet (made before the remote).
    /// Only the items of this collection's list (ItemField.list) go to it: one moved to another
    /// list has its copy here deleted (its entry goes with the DELETE, the item stays), once
    /// that list's own collection holds it if it syncs (ScopedRecords.arrived: until then the
    /// DELETE waits, so a move is never a moment with the item on no server), and one made in
    /// another list is not sent here at all.
    static func pendingWork<R>(_ records: ScopedRecords<R>) throws -> [SyncEntry] {
        let work = try records.pendingSyncEntries() + records.unsyncedItemIDs().map { SyncEntry(itemID: $0) }
        return try work.compactMap { entry in
            guard !entry.deleted, let item = try records.item(id: entry.itemID), !records.holds(item) else { return entry }
            guard entry.href != nil, try records.arrived(item) else { return nil }
            var leaving = entry
            leaving.deleted = true
            leaving.pending = true
            return leaving
        }
    }

    // MARK: pull

    func pull<S: ItemStore>(_ store: S, _ found: CalDAVCollection, _ mode: PullMode, _ outcome: inout SyncOutcome) throws {
        let known = try read(store) { try $0.syncRemote() }
        let current = known.flatMap { $0.url == remoteURL ? $0 : nil }
        if try nothingToPull(store, current, found, mode) { return }
        // Joining (nothing known of this collection): one calendar-query with every member's
        // data lists and fetches at once where the server can answer it (Radicale took 64 s to
        // list 100,000 members before the query that fetched them, bench figure 11). Its token
        // is the one read before it, older than the data: the next sync is told again of what
        // changed meanwhile, and finds it already here.
        let joined = current == nil && mode == .start ? try client.fetchMost(nil) : nil
        let (versions, removed, lost, token, doubtful) = try joined.map { all in
            (all.map { RemoteVersion(href: $0.href, etag: $0.etag) }, [String](), [String](), String?.none, false)
        } ?? changesSince(current, found, mode, store)
        let needed = try read(store) { records in
            try versions.filter { version in
                guard current != nil, let etag = version.etag, let entry = try records.syncEntry(href: version.href) else {
                    return true
                }
                return entry.etag != etag
            }.map(\.href)
        }
        var remote = current ?? SyncRemote(url: remoteURL)
        // After our writes the discovery's token and ctag are from before them: never kept then.
        remote.token = token ?? (mode == .start ? found.syncToken : nil)
        remote.ctag = mode == .start ? found.ctag : nil
        // Another collection than the one the entries describe: start over with this one, once
        // the first of its members came (a fetch that fails changes nothing).
        var startsOver = known != nil && current == nil
        func arrived() throws {
            if startsOver { try change(store) { try $0.setSyncRemote(nil) } }
            startsOver = false
        }
        // Most of the collection (a first sync): one calendar-query beats multigets of everything,
        // when the server can answer it; else multigets, a piece at a time.
        let most = needed.count >= 200 && needed.count * 4 >= versions.count
        var whole = try joined ?? (most ? client.fetchMost(needed) : nil)
        // Applied a piece at a time, each in transactions of its own, so a sync killed or failed
        // between pieces keeps what came (the next one lists, and fetches only what its entries
        // lack); the removals and the token land with the last piece.
        let total = whole?.count ?? needed.count
        let shown = total > piece
        // The line is erased at the end, failed or not (done equal to total).
        defer { if shown { progress?(total, total) } }
        var start = 0
        repeat {
            let end = min(total, start + piece)
            let fetched = try whole.map { Array($0[start..<end]) } ?? client.fetch(Array(needed[start..<end]))
            // A piece applied is let go: the rest of a 100,000-member answer is all that stays.
            whole?.replaceSubrange(start..<end, with: repeatElement(RemoteItem(href: "", etag: nil, text: ""), count: end - start))
            start = end
            let last = end == total
            try arrived()
            try apply(fetched, removed: last ? removed : [], lost: last ? lost : [], remote: remote, store, &outcome,
                      doubtful: doubtful, final: last)
            if shown, !last { progress?(end, total) }
        } while start < total
    }

    /// Whether the pull ends before it starts: the collection's token or ctag is the one our
    /// last sync kept, or (settling after our writes, on a server without tokens) the ctag read
    /// before them is forgotten instead.
    func nothingToPull<S: ItemStore>(_ store: S, _ current: SyncRemote?, _ found: CalDAVCollection, _ mode: PullMode) throws -> Bool {
        if mode == .start, let current {
            if let token = current.token, found.supportsSyncCollection, found.syncToken == token { return true }
            if current.token == nil, let ctag = found.ctag, current.ctag == ctag { return true }
        }
        guard mode == .settle, !found.supportsSyncCollection else { return false }
        // The ctag read before our writes names a state without them. Forgotten, the next
        // sync lists the collection, as it would have anyway (our writes changed the ctag).
        try change(store) { records in
            guard var remote = try records.syncRemote() else { return }
            remote.ctag = nil
            try records.setSyncRemote(remote)
        }
        return true
    }

    /// What changed on the server since our token: the changes since it when the server still
    /// knows it, else the whole listing compared with what we hold. `doubtful` when the
    /// server's history since our token is known to be broken: then a member it lacks was lost
    /// there (sent again), not deleted by another client (deleted here), and our bases are no
    /// evidence of what the server last agreed to.
    func changesSince<S: ItemStore>(_ current: SyncRemote?, _ found: CalDAVCollection, _ mode: PullMode, _ store: S) throws
        -> (versions: [RemoteVersion], removed: [String], lost: [String], token: String?, doubtful: Bool) {
        var doubtful = mode == .audit
        if mode != .audit, found.supportsSyncCollection, let since = current?.token {
            if let changes = try client.changes(since: since) {
                return (changes.changed, changes.removed, [], changes.token, false)
            }
            // A token the server does not know: it lost the history that token named (a
            // collection made anew, a restored backup) or let it expire.
            doubtful = true
        }
        var versions: [RemoteVersion]
        var token: String?
        if found.supportsSyncCollection, let all = try client.changes(since: nil) {
            (versions, token) = (all.changed, all.token)
        } else {
            versions = try client.listing()
        }
        let present = Set(versions.map(\.href))
        let synced = current == nil ? [] : try read(store) { try $0.syncedEntries() }
        let known = synced.compactMap { $0.href }
        let absent = known.filter { !present.contains($0) }
        // A server without sync tokens gives no history to doubt; but every member we knew
        // gone at once is a collection made anew or emptied by a restore far more often than
        // another client deleting each one: put back (at worst a deletion undone), never
        // deleted here (a list lost). A part gone is still read as deletions.
        if !found.supportsSyncCollection, !known.isEmpty, absent.count == known.count {
            doubtful = true
        }
        return (versions, doubtful ? [] : absent, doubtful ? absent : [], token, doubtful)
    }

    /// Applies fetched members, removals and members the server lost in transactions of
    /// `chunk`; the remote state (token, ctag) lands with the last one, so a crash before it
    /// repeats the whole pull. Members that meet a pending local change are merged in a
    /// journaled transaction of their own, so `undo` brings back what a merge replaced and
    /// nothing else; when `doubtful`, every member we knew is merged so, without a base.
    /// Not `final` (a piece of a pull), the remote's token and ctag are left as they were.
    func apply<S: ItemStore>(_ items: [RemoteItem], removed: [String], lost: [String], remote: SyncRemote?, _ store: S,
                             _ outcome: inout SyncOutcome, doubtful: Bool, final: Bool = true) throws {
        let (merging, bases) = try read(store) { records in try mergeCandidates(items, records, doubtful: doubtful) }
        let baseTexts = Array(Set(bases))
        let (decoded, occurrences) = try decode(items.map(\.text) + baseTexts, hrefs: items.map(\.href))
        var baseItems: [String: TodoItem] = [:]
        for (text, item) in zip(baseTexts, decoded.dropFirst(items.count)) { baseItems[text] = item }
        let applier = SyncApplier(bases: baseItems, doubtful: doubtful, occurrences: occurrences, list: list?.name, at: now())
        let pairs = Array(zip(items, decoded.prefix(items.count)))
        // A field the server's value could not give (PRIORITY:-3): said once, the rest applied.
        for (_, parsed) in pairs {
            guard let reason = parsed.damage else { continue }
            let line = "\"\(TextSafety.neutralised(String(parsed.title.prefix(60))))\": \(TextSafety.neutralised(reason))"
            if !outcome.unread.contains(line) { outcome.unread.append(line) }
        }
        var start = 0
        repeat {
            let part = pairs[start..<min(pairs.count, start + chunk)]
            let last = start + chunk >= pairs.count
            start += chunk
            var local = outcome
            try change(store) { records in
                if let remote, try records.syncRemote() == nil { try records.setSyncRemote(SyncRemote(url: remote.url)) }
                for (item, parsed) in part where !merging.contains(item.href) {
                    try applier.apply(item, parsed, &records, &local)
                }
            }
            do {  // The merges are the sync's own changes: journaled, so undo reverts them.
                try change(store, journaled: JournalContext(command: "sync todos", time: now())) { records in
                    for (item, parsed) in part where merging.contains(item.href) {
                        try applier.apply(item, parsed, &records, &local)
                    }
                    if last {
                        for href in removed { try applier.remove(href, &records, &local) }
                        for href in lost { try applier.resend(href, &records) }
                        if let remote, final {
                            var kept = try records.syncRemote() ?? remote
                            kept.token = remote.token
                            kept.ctag = remote.ctag
                            try records.setSyncRemote(kept)
                        }
                    }
                }
            }
            outcome = local
        } while start < pairs.count
    }

    /// The hrefs whose local item has a change of its own, or may have (`doubtful`): a merge,
    /// journaled; and the base texts those merges compare against.
    func mergeCandidates(_ items: [RemoteItem], _ records: some SyncRecords, doubtful: Bool) throws -> (Set<String>, [String]) {
        var hrefs: Set<String> = []
        var bases: [String] = []
        for item in items {
            let entry = try records.syncEntry(href: item.href)
            if doubtful, entry != nil {
                hrefs.insert(item.href)
            } else if let entry, entry.pending {
                hrefs.insert(item.href)
                if let base = entry.base { bases.append(base) }
            } else if entry == nil {
                // Unknown href: the UID may name a local item (a merge) or nothing (an add).
                hrefs.insert(item.href)
            }
        }
        return (hrefs, bases)
    }

    /// One item per text, and the finished occurrences (Occurrence) each series records, by
    /// the series's UID.
    func decode(_ texts: [String], hrefs: [String]) throws -> ([TodoItem], [String: [TodoItem]]) {
        if texts.isEmpty { return ([], [:]) }
        do {
            let read = try codec.items(from: texts)
            let items = read.filter { !$0.isOccurrence }
            guard items.count == texts.count else { throw SyncError.helper("the iCalendar helper lost items") }
            // Each follows its series; those of the base texts (after the members) are not news.
            var occurrences: [String: [TodoItem]] = [:]
            var series = 0
            for item in read {
                guard let uid = Occurrence.seriesUID(of: item.uid) else {
                    series += 1
                    continue
                }
                if series <= hrefs.count { occurrences[uid, default: []].append(item) }
            }
            return (items, occurrences)
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.item(url: client.collection.display, reason: "\(error)")
        }
    }

    /// Whether something is left to send (a DELETE that waited for another list's PUT).
    func hasWork<S: ItemStore>(_ store: S) throws -> Bool {
        try read(store) { try !SyncEngine.pendingWork($0).isEmpty }
    }

    // MARK: this collection's records

    /// The store's records as this collection's sync sees them (ScopedRecords).
    func read<S: ItemStore, T>(_ store: S, _ body: (ScopedRecords<S.Records>) throws -> T) throws -> T {
        try store.readRecords { try body(ScopedRecords(base: $0, list: list)) }
    }

    func change<S: ItemStore, T>(_ store: S, journaled: JournalContext? = nil,
                                 _ body: (inout ScopedRecords<S.Records>) throws -> T) throws -> T {
        try store.changeItems(journaled: journaled) { records in
            var scoped = ScopedRecords(base: records, list: list)
            defer { records = scoped.base }
            return try body(&scoped)
        }
    }
}
