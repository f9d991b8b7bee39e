import ErrandDomain
import ErrandFiles
import FoundationEssentials

/// The plain-file backend: the whole store as one XML property list.
///
/// Every change takes the lock, re-reads the file if another process changed it since we
/// last read, applies the rule to that fresh copy and writes a new file (temp, fsync, rename,
/// directory fsync). So another process's change is never overwritten, and a crash leaves
/// the previous or the next version whole. The cost of a change grows with the file: see
/// README for the sizes it suits.
public final class PlistItemStore: ItemStore, CatalogueStore, PlaceStore, SavedSearchStore {
    public let path: String
    let lock: FileLock
    private var manager = ItemManager()
    private var cachedCatalogue: Catalogue?
    /// The geocoder's answers by PlaceKey, written with everything else.
    private var cachedPlaces: [String: CachedPlace] = [:]
    private var revision = 0
    private var fingerprint: FileFingerprint?
    private var batch: Batch?
    private var journal = PlistJournal()
    /// The saved searches and what their alerts reported, written with everything else.
    private var book = PlistSearchBook()
    /// The damaged items as the file holds them: an item nobody mended is written back with
    /// the same values, so the damage stays visible instead of turning into "No date".
    private var damagedEntries: [UUID: PlistItem] = [:]
    /// The command being journaled (ItemStore+Journal).
    public var journalContext: JournalContext?

    public init(path: String) throws {
        self.path = path
        try StoreFile.checkExisting(path)
        try StoreFile.makeParentDirectories(of: path)
        // Beside the real file: a store reached through a link and through its real path
        // then shares one lock.
        self.lock = FileLock(path: try StoreFile.resolved(path) + ".lock", failure: StoreError.init)
        try refresh()
    }

    public func close() {}

    // MARK: reading

    public func item(id: UUID) throws -> TodoItem? { try refresh(); return manager.item(id: id) }
    public func item(uid: String) throws -> TodoItem? { try refresh(); return manager.item(uid: uid) }

    public func count(_ selection: ItemSelection) throws -> Int {
        try refresh()
        return manager.count(selection)
    }

    public func wordCounts(_ field: ItemField) throws -> [WordCount] {
        try refresh()
        return WordCount.counting(field, in: manager.items)
    }

    public func items(_ query: ItemQuery, offset: Int, limit: Int) throws -> [TodoItem] {
        try refresh()
        return PageWindow(offset: offset, limit: limit).slice(manager.items(query))
    }

    public func openCounts(from start: DueDay, days: Int, startedBy today: DueDay) throws -> [Int] {
        try refresh()
        return manager.openCounts(from: start, days: days, startedBy: today)
    }

    // MARK: changing

    public func removeAll() throws -> [TodoItem] {
        try changeItems { records in
            let removed = records.base.removeAll()
            try records.noteRemoved(removed)
            return removed
        }
    }

    // MARK: journal

    public func journal(limit: Int) throws -> [JournalEntry] {
        try refresh()
        return try journal.newest(limit, path: path)
    }

    public func journalEntry(for step: JournalStep) throws -> JournalEntry? {
        try refresh()
        return try journal.entry(for: step, path: path)
    }

    public func applyJournal(_ step: JournalStep, _ entry: JournalEntry,
                             _ body: (inout JournalRecorder<ItemManager>) throws -> Void) throws {
        try changeAll { items, _, journal, book in
            _ = try Self.recording(&items, body)
            let steps = entry.searchSteps(step)
            for change in steps where book.search(named: change.name) != change.before { throw entry.staleSearch(step, change) }
            for change in steps { book.apply(change) }
            journal.mark(entry.id, undone: step == .undo)
        }
    }

    // MARK: saved searches

    public func savedSearches() throws -> [SavedSearch] {
        try refresh()
        return book.searches
    }

    public func changeSavedSearch(_ change: SavedSearchChange) throws {
        try changeAll { _, _, journal, book in
            guard book.search(named: change.name) == change.before else { throw change.changedSince }
            book.apply(change)
            try journal.append(change, context: journalContext, path: path)
        }
    }

    public func newAds(_ query: AdQuery, search: String) throws -> [NewAd] {
        try changeAll { _, catalogue, _, book in
            book.newAds(catalogue?.listed(matching: query) ?? [], search: search, cached: catalogue?.ads ?? [])
        }
    }

    public func earlierPrices(of id: Int64) throws -> [PricePoint] {
        try refresh()
        return cachedCatalogue?.earlierPrices[id] ?? []
    }

    public func setStarred(_ starred: Bool, ids: [Int64]) throws -> Int {
        try changeAll { _, catalogue, journal, _ in
            guard var changed = catalogue else { return 0 }
            let wanted = Set(ids)
            var count = 0
            // Unstarring a gone ad lets it leave, as the sync that dropped it would have.
            changed.ads = changed.ads.compactMap { ad in
                guard wanted.contains(ad.id), ad.isStarred != starred else { return ad }
                count += 1
                if !starred, ad.isGone {
                    changed.earlierPrices[ad.id] = nil
                    return nil
                }
                var marked = ad
                marked.isStarred = starred
                return marked
            }
            catalogue = changed
            if count > 0 { try journal.appendIrreversible(context: journalContext, path: path) }
            return count
        }
    }

    // MARK: catalogue

    public func catalogueSummary() throws -> CatalogueSummary? {
        try refresh()
        return cachedCatalogue?.summary
    }

    public func listedAds(in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad] {
        try refresh()
        guard let catalogue = cachedCatalogue else { return [] }
        let listed = catalogue.listed(in: categoryID)
        return PageWindow(offset: offset, limit: limit).slice(listed)
    }

    public func adMatchCount(_ query: AdQuery) throws -> Int {
        try refresh()
        return cachedCatalogue?.listed(matching: query).count ?? 0
    }

    public func matchingAds(_ query: AdQuery, offset: Int, limit: Int) throws -> [Ad] {
        try refresh()
        guard let catalogue = cachedCatalogue else { return [] }
        return PageWindow(offset: offset, limit: limit).slice(catalogue.listed(matching: query))
    }

    public func ad(id: Int64) throws -> (ad: Ad, category: String?)? {
        try refresh()
        guard let catalogue = cachedCatalogue, let ad = catalogue.ads.first(where: { $0.id == id }) else { return nil }
        return (ad, catalogue.category(ad.categoryID)?.name)
    }

    public func replaceCatalogue(_ next: Catalogue) throws -> CatalogueChange {
        try changeAll { _, catalogue, _, _ in
            let previous = catalogue ?? Catalogue(ads: [], categories: [], source: "", fetched: 0)
            let change = previous.changes(to: next)
            catalogue = previous.carried(into: next)
            return change
        }
    }

    // MARK: places

    /// Read under the items' refresh, so another process's answers are seen.
    var places: [String: CachedPlace] {
        get throws {
            try refresh()
            return cachedPlaces
        }
    }

    var openItems: [TodoItem] {
        get throws {
            try refresh()
            return manager.items.filter { !$0.isDone }
        }
    }

    /// Changes the geocoder cache alone, as a change of the file (in a batch, with the batch).
    func changePlaces(_ body: (inout [String: CachedPlace]) -> Void) throws {
        if batch != nil {
            body(&cachedPlaces)
            batch?.dirty = true
            return
        }
        try refuseIfReadOnly()
        try lock.withLock {
            try refresh()
            let before = cachedPlaces
            body(&cachedPlaces)
            do {
                try write(items: manager, catalogue: cachedCatalogue, journal: journal)
            } catch {
                cachedPlaces = before
                throw error
            }
        }
    }

    // MARK: batch

    /// In a batch the lock is held throughout and changes stay in memory; the file is written
    /// once, at the end, by the same temp/fsync/rename path as a single change.
    public func beginBatch() throws {
        guard batch == nil else { return }
        try refuseIfReadOnly()
        try lock.lock()
        do {
            try refresh()
        } catch {
            lock.unlock()
            throw error
        }
        batch = Batch()
    }

    public func endBatch(commit: Bool) throws {
        guard let pending = batch else { return }
        batch = nil
        defer { lock.unlock() }
        guard commit, pending.dirty else {
            // Forget what the batch did in memory: the next read takes the file as it is.
            fingerprint = nil
            try refresh()
            return
        }
        do {
            try write(items: manager, catalogue: cachedCatalogue, journal: journal)
        } catch {
            // Memory holds what was not written: the next read must take the file as it is.
            fingerprint = nil
            throw error
        }
    }

    private struct Batch {
        var dirty = false
    }

    // MARK: file

    /// Applies `body` to the freshest copy of the items under the lock and writes the result.
    public func changeItems<T>(_ body: (inout JournalRecorder<ItemManager>) throws -> T) throws -> T {
        try changeAll { items, _, journal, _ in
            if journalContext != nil { _ = try journal.nextID(path: path) }
            let (result, changes) = try Self.recording(&items, body)
            try journal.append(changes, context: journalContext, path: path)
            return result
        }
    }

    /// Runs `body` on the items through a recorder. The items move into it and back rather than
    /// being copied, so a batch still changes them in place.
    private static func recording<T>(_ items: inout ItemManager, _ body: (inout JournalRecorder<ItemManager>) throws -> T)
        rethrows -> (T, [ItemChange]) {
        var records = JournalRecorder(items)
        items = ItemManager()
        defer { items = records.base }
        let result = try body(&records)
        return (result, Array(records.effective))
    }

    public func readRecords<T>(_ body: (JournalRecorder<ItemManager>) throws -> T) throws -> T {
        try refresh()
        return try body(JournalRecorder(manager))
    }

    /// Applies `body` to the freshest copy under the lock and writes the result; if `body`
    /// throws, nothing is written and the in-memory copy is left as the file is.
    private func changeAll<T>(_ body: (inout ItemManager, inout Catalogue?, inout PlistJournal, inout PlistSearchBook) throws -> T)
        throws -> T {
        if batch != nil {
            // In place: a copy per change made a 100,000-line script quadratic. Safe because
            // every rule (ItemRecords+Rules) checks before it changes anything, so a refused
            // change leaves the items as they were.
            let result = try namingTheFile { try body(&manager, &cachedCatalogue, &journal, &book) }
            batch?.dirty = true
            return result
        }
        try refuseIfReadOnly()
        return try lock.withLock {
            try refresh()
            var copy = manager
            var catalogueCopy = cachedCatalogue
            var journalCopy = journal
            var bookCopy = book
            let result = try namingTheFile { try body(&copy, &catalogueCopy, &journalCopy, &bookCopy) }
            try write(items: copy, catalogue: catalogueCopy, journal: journalCopy, book: bookCopy)
            return result
        }
    }

    /// A file we may only read is still listed and shown; a change is refused before the lock
    /// (which might not be ours to make), since the rename that writes it would succeed over a
    /// read-only file in a folder we can write.
    private func refuseIfReadOnly() throws {
        guard StoreFile.writable(path) else { throw StoreError.readOnly(path: path) }
    }

    /// The domain cannot name the file whose numbers ran out; the store can.
    private func namingTheFile<T>(_ run: () throws -> T) throws -> T {
        do {
            return try run()
        } catch DomainError.sequenceExhausted {
            throw StoreError.io(path: path, reason: "the items' sequence numbers are at their largest (\(Int64.max)); "
                + "lower them by hand")
        }
    }

    /// Writes a new version of the file (the lock must be held) and makes it the one we hold.
    private func write(items: ItemManager, catalogue: Catalogue?, journal: PlistJournal, book: PlistSearchBook? = nil) throws {
        // The revision comes from the file: a hand-edited Int.max must refuse, not trap.
        let (next, overflow) = revision.addingReportingOverflow(1)
        if overflow {
            throw StoreError.io(path: path, reason: "the store's revision is at its largest (\(revision)); lower it by hand")
        }
        let document = PlistDocument(revision: next, items: items.allInSections, catalogue: catalogue,
                                     journal: journal, places: cachedPlaces, ledger: items.ledger,
                                     damaged: damagedEntries, book: book ?? self.book)
        let data: Data
        do {
            data = try document.encoded()
        } catch {
            throw StoreError.io(path: path, reason: "cannot encode the store (\(error))")
        }
        // No empty placeholder first: a crash then would leave a file we refuse to read.
        try StoreFile.replace(path, with: data)
        manager = items
        cachedCatalogue = catalogue
        self.journal = journal
        self.book = book ?? self.book
        revision = document.revision
        fingerprint = FileFingerprint(path: path)
    }

    /// Re-reads the file when it is not the version we hold.
    private func refresh() throws {
        // In a batch we hold the lock, so nobody else changed the file; memory is ahead of it.
        if batch != nil { return }
        guard let current = FileFingerprint(path: path) else {
            // No file yet: an empty store until the first change creates it.
            manager = ItemManager()
            damagedEntries = [:]
            cachedCatalogue = nil
            cachedPlaces = [:]
            journal = PlistJournal()
            book = PlistSearchBook()
            revision = 0
            fingerprint = nil
            return
        }
        if current == fingerprint { return }
        try StoreFile.checkExisting(path)
        let data: Data
        do {
            data = try FileContents.read(path)
        } catch {
            throw StoreError.unreadable(path: path, reason: error.reason)
        }
        let document = try PlistDocument.decode(data, path: path)
        let read = try document.todoItems(path: path)
        manager = ItemManager(items: read.items)
        damagedEntries = read.damaged
        if let sync = document.sync {
            guard let ledger = sync.ledger else { throw StoreError.notAStore(path: path, reason: "damaged: sync state") }
            manager.ledger = ledger
        }
        if let stored = document.catalogue {
            guard let catalogue = stored.catalogue else {
                throw StoreError.notAStore(path: path, reason: "damaged: the ads cache holds impossible values")
            }
            cachedCatalogue = catalogue
        } else {
            cachedCatalogue = nil
        }
        journal = document.journal ?? PlistJournal()
        book = PlistSearchBook(searches: document.searches, seen: document.seen)
        cachedPlaces = document.placeCache
        revision = document.revision
        fingerprint = current
    }
}
