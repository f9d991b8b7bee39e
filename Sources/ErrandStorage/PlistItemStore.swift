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
    // What the file holds, as last read or written: internal so that PlistItemStore+File,
    // which alone reads and writes the file, can set it.
    var manager = ItemManager()
    var cachedCatalogue: Catalogue?
    /// The geocoder's answers by PlaceKey, written with everything else.
    var cachedPlaces: [String: CachedPlace] = [:]
    var revision = 0
    var fingerprint: FileFingerprint?
    var batch: Batch?
    var journal = PlistJournal()
    /// The saved searches and what their alerts reported, written with everything else.
    var book = PlistSearchBook()
    /// The damaged items as the file holds them: an item nobody mended is written back with
    /// the same values, so the damage stays visible instead of turning into "No date".
    var damagedEntries: [UUID: PlistItem] = [:]

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

    public func openCounts(from start: DueDay, days: Int) throws -> [Int] {
        try refresh()
        return manager.openCounts(from: start, days: days)
    }

    public func openSeries(dueThrough last: DueDay) throws -> [TodoItem] {
        try refresh()
        // By the day it is listed on, as SQLite's `due` column keeps it.
        return manager.items.filter { !$0.isDone && $0.repeats != nil && ($0.listDay.map { $0 <= last } ?? false) }
            .sorted { ($0.listDay?.dayNumber ?? 0, $0.sequence) < ($1.listDay?.dayNumber ?? 0, $1.sequence) }
    }

    // MARK: changing

    public func removeAll(journaled journal: JournalContext?) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
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

    /// As journal(limit:), each entry with its tally instead of its changes: the document
    /// holds them already, and decoding every one again doubled that.
    func journalInBrief(limit: Int) throws -> [JournalEntry] {
        try refresh()
        return try journal.newestInBrief(limit, path: path)
    }

    /// ItemStore.eachJournalSubject, from the document as journalInBrief read it.
    func eachJournalSubject(of entry: JournalEntry, _ body: (TodoItem) throws -> Void) throws {
        try journal.eachSubject(of: entry.id, path: path, body)
    }

    public func irreversibleCommand(for step: JournalStep) throws -> String? {
        try journalEntry(for: step).flatMap { $0.isIrreversible ? $0.command : nil }
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

    public func changeSavedSearch(_ change: SavedSearchChange, journaled context: JournalContext?) throws {
        try changeAll { _, _, journal, book in
            guard book.search(named: change.name) == change.before else { throw change.changedSince }
            book.apply(change)
            try journal.append(change, context: context, path: path)
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

    public func setStarred(_ starred: Bool, ids: [Int64], journaled context: JournalContext?) throws -> Int {
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
            if count > 0 { try journal.appendIrreversible(context: context, path: path) }
            return count
        }
    }

    public func setHidden(_ hidden: Bool, ids: [Int64], journaled context: JournalContext?) throws -> Int {
        try changeAll { _, catalogue, journal, _ in
            guard var changed = catalogue else { return 0 }
            let wanted = Set(ids)
            var count = 0
            for i in changed.ads.indices where wanted.contains(changed.ads[i].id) && changed.ads[i].isHidden != hidden {
                changed.ads[i].isHidden = hidden
                count += 1
            }
            catalogue = changed
            if count > 0 { try journal.appendIrreversible(context: context, path: path) }
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

    public func adPrices(_ query: AdQuery) throws -> [AdPrice] {
        try refresh()
        return (cachedCatalogue?.listed(matching: query) ?? []).map { AdPrice(id: $0.id, price: $0.price, created: $0.created) }
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

    struct Batch {
        var dirty = false
    }

    // MARK: file

    /// Applies `body` to the freshest copy of the items under the lock and writes the result.
    public func changeItems<T>(journaled context: JournalContext?,
                               _ body: (inout JournalRecorder<ItemManager>) throws -> T) throws -> T {
        try changeAll { items, _, journal, _ in
            if context != nil { _ = try journal.nextID(path: path) }
            let (result, changes) = try Self.recording(&items, body)
            try journal.append(changes, context: context, path: path)
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
}
