import ErrandDomain
import ErrandStorage
import Foundation

/// A store that forwards to a real one and, while `failReads` is set, fails every read: for
/// showing what a command does when the read after its change fails.
final class FaultyStore<Base: ItemStore & CatalogueStore & PlaceStore & SavedSearchStore>: ItemStore, CatalogueStore, PlaceStore, SavedSearchStore {
    struct InjectedFault: Error, CustomStringConvertible {
        var description: String { "the disk could not be read (injected)" }
    }

    let base: Base
    var failReads = false
    /// Set: that many more pages of items are read, then every one fails (a streamed list
    /// failing between its parts).
    var failItemsAfter: Int?

    init(_ base: Base) {
        self.base = base
    }

    private func read<T>(_ body: () throws -> T) throws -> T {
        if failReads { throw InjectedFault() }
        return try body()
    }

    var path: String { base.path }
    func item(id: UUID) throws -> TodoItem? { try read { try base.item(id: id) } }
    func item(uid: String) throws -> TodoItem? { try read { try base.item(uid: uid) } }
    func count(_ selection: ItemSelection) throws -> Int { try read { try base.count(selection) } }
    func wordCounts(_ field: ItemField) throws -> [WordCount] { try read { try base.wordCounts(field) } }
    func items(_ query: ItemQuery, offset: Int, limit: Int) throws -> [TodoItem] {
        if let left = failItemsAfter {
            guard left > 0 else { throw InjectedFault() }
            failItemsAfter = left - 1
        }
        return try read { try base.items(query, offset: offset, limit: limit) }
    }
    func openCounts(from start: DueDay, days: Int) throws -> [Int] {
        try read { try base.openCounts(from: start, days: days) }
    }
    func openSeries(dueThrough last: DueDay) throws -> [TodoItem] {
        try read { try base.openSeries(dueThrough: last) }
    }
    func changeItems<T>(journaled journal: JournalContext?, _ body: (inout Base.Records) throws -> T) throws -> T {
        try base.changeItems(journaled: journal, body)
    }
    func readRecords<T>(_ body: (Base.Records) throws -> T) throws -> T { try base.readRecords(body) }
    func removeAll(journaled journal: JournalContext?) throws -> [TodoItem] { try base.removeAll(journaled: journal) }
    func journal(limit: Int) throws -> [JournalEntry] { try read { try base.journal(limit: limit) } }
    func journalEntry(for step: JournalStep) throws -> JournalEntry? { try read { try base.journalEntry(for: step) } }
    func irreversibleCommand(for step: JournalStep) throws -> String? { try read { try base.irreversibleCommand(for: step) } }
    func applyJournal(_ step: JournalStep, _ entry: JournalEntry, _ body: (inout Base.Records) throws -> Void) throws {
        try base.applyJournal(step, entry, body)
    }
    func beginBatch() throws { try base.beginBatch() }
    func endBatch(commit: Bool) throws { try base.endBatch(commit: commit) }
    func close() { base.close() }
    func ad(id: Int64) throws -> (ad: Ad, category: String?)? { try read { try base.ad(id: id) } }
    func catalogueSummary() throws -> CatalogueSummary? { try read { try base.catalogueSummary() } }
    func listedAds(in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad] {
        try read { try base.listedAds(in: categoryID, offset: offset, limit: limit) }
    }
    func adMatchCount(_ query: AdQuery) throws -> Int {
        try read { try base.adMatchCount(query) }
    }
    func matchingAds(_ query: AdQuery, offset: Int, limit: Int) throws -> [Ad] {
        try read { try base.matchingAds(query, offset: offset, limit: limit) }
    }
    func adPrices(_ query: AdQuery) throws -> [AdPrice] {
        try read { try base.adPrices(query) }
    }
    func replaceCatalogue(_ catalogue: Catalogue) throws -> CatalogueChange { try base.replaceCatalogue(catalogue) }
    func earlierPrices(of id: Int64) throws -> [PricePoint] { try read { try base.earlierPrices(of: id) } }
    func setHidden(_ hidden: Bool, ids: [Int64], journaled journal: JournalContext?) throws -> Int {
        try base.setHidden(hidden, ids: ids, journaled: journal)
    }

    func setStarred(_ starred: Bool, ids: [Int64], journaled journal: JournalContext?) throws -> Int {
        try base.setStarred(starred, ids: ids, journaled: journal)
    }
    func newAds(_ query: AdQuery, search: String) throws -> [NewAd] { try base.newAds(query, search: search) }
    func savedSearches() throws -> [SavedSearch] { try read { try base.savedSearches() } }
    func changeSavedSearch(_ change: SavedSearchChange, journaled journal: JournalContext?) throws {
        try base.changeSavedSearch(change, journaled: journal)
    }
    func cachedPlace(key: String) throws -> CachedPlace? { try read { try base.cachedPlace(key: key) } }
    func cachePlace(name: String, match: PlaceMatch?, at seconds: Int64) throws {
        try base.cachePlace(name: name, match: match, at: seconds)
    }
    func lastLookup() throws -> Double? { try read { try base.lastLookup() } }
    func noteLookup(at seconds: Double) throws { try base.noteLookup(at: seconds) }
    func placeNames(prefix: String, limit: Int) throws -> [String] { try read { try base.placeNames(prefix: prefix, limit: limit) } }
    func locatedItemPlace(key: String) throws -> Location? { try read { try base.locatedItemPlace(key: key) } }
    func matchedAddress(for location: Location) throws -> String? { try read { try base.matchedAddress(for: location) } }
    func nearby(_ centre: Coordinate, within radius: Double?, offset: Int, limit: Int) throws -> NearbyPage {
        try read { try base.nearby(centre, within: radius, offset: offset, limit: limit) }
    }
}
