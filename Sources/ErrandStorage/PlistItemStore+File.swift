import ErrandDomain
import ErrandFiles
import FoundationEssentials

/// The one file: every change under its lock on a fresh copy, written whole as a new version
/// (temp, fsync, rename), and read again only when another process wrote it since.
extension PlistItemStore {
    /// Applies `body` to the freshest copy under the lock and writes the result; if `body`
    /// throws, nothing is written and the in-memory copy is left as the file is.
    func changeAll<T>(_ body: (inout ItemManager, inout Catalogue?, inout PlistJournal, inout PlistSearchBook) throws -> T)
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
    func refuseIfReadOnly() throws {
        guard StoreFile.writable(path) else { throw StoreError.readOnly(path: path) }
    }

    /// The domain cannot name the file whose numbers ran out; the store can.
    func namingTheFile<T>(_ run: () throws -> T) throws -> T {
        do {
            return try run()
        } catch DomainError.sequenceExhausted {
            throw StoreError.io(path: path, reason: "the items' sequence numbers are at their largest (\(Int64.max)); "
                + "lower them by hand")
        }
    }

    /// Writes a new version of the file (the lock must be held) and makes it the one we hold.
    func write(items: ItemManager, catalogue: Catalogue?, journal: PlistJournal, book: PlistSearchBook? = nil) throws {
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
    func refresh() throws {
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
        // The next write leaves out what an older swipe left behind (SQLiteSchema.orphanOccurrences).
        manager = ItemManager(items: Occurrence.withSeries(read.items))
        damagedEntries = read.damaged
        if let sync = document.sync {
            guard let ledger = sync.ledger else { throw StoreError.notAStore(path: path, reason: "damaged: sync state") }
            manager.ledger = ledger
        }
        manager.ledger.conflicts = (document.conflicts ?? []).compactMap(\.conflict)
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
