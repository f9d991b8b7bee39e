import ErrandDomain
import FoundationEssentials

/// The ads cache in SQLite: three tables replaced together in one transaction.
extension SQLiteItemStore: CatalogueStore {
    public func catalogueSummary() throws -> CatalogueSummary? {
        guard let (source, fetched) = try catalogueInfo() else { return nil }
        var counts: [Int64: Int] = [:]
        // Kept by each sync (SQLiteSchema.adTally): the starred ads kept after they left are not counted.
        let s = try db.statement("SELECT category_id, listed FROM ad_tally")
        while try s.step() { counts[s.int(0)] = Int(s.int(1)) }
        return CatalogueSummary(source: source, fetched: fetched, categories: try adCategories(), counts: counts)
    }

    /// Both ORDER BYs are index column lists (ad_listing, ad_category_order): a page is a
    /// walk of the index, whatever the size of the cache.
    static let listedAdsSQL = """
        SELECT \(adColumns) FROM ad WHERE +gone = 0 AND +hidden = 0 ORDER BY urgent DESC, created DESC, id LIMIT ?1 OFFSET ?2
        """
    static let listedInCategorySQL = """
        SELECT \(adColumns) FROM ad WHERE category_id = ?3 AND +gone = 0 AND +hidden = 0 ORDER BY urgent DESC, created DESC, id \
        LIMIT ?1 OFFSET ?2
        """
    static let adColumns = "id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret, "
        + "starred, gone, repost_of, hidden"

    public func listedAds(in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad] {
        let s = try db.statement(categoryID == nil ? Self.listedAdsSQL : Self.listedInCategorySQL)
        s.bind(PageWindow(offset: offset, limit: limit), limit: 1, offset: 2)
        if let categoryID { s.bind(3, categoryID) }
        var ads: [Ad] = []
        while try s.step() { ads.append(adRow(s)) }
        return ads
    }

    func adRow(_ a: SQLiteStatement) -> Ad {
        var ad = Ad(id: a.int(0), categoryID: a.int(1), title: a.text(2), description: a.text(3), price: a.double(4),
                    smallImage: a.optionalText(5), thumbImage: a.optionalText(6), created: a.int(7),
                    isUrgent: a.int(8) != 0, siret: a.optionalText(9))
        ad.isStarred = a.int(10) != 0
        ad.isGone = a.int(11) != 0
        ad.repostOf = a.isNull(12) ? nil : a.int(12)
        ad.isHidden = a.int(13) != 0
        return ad
    }

    private func catalogueInfo() throws -> (String, Int64)? {
        let info = try db.statement("SELECT key, value FROM catalogue_info")
        var source: String?
        var fetched: Int64?
        while try info.step() {
            switch info.text(0) {
            case "source": source = info.text(1)
            case "fetched": fetched = Int64(info.text(1))
            default: break
            }
        }
        guard let source, let fetched else { return nil }
        return (source, fetched)
    }

    private func adCategories() throws -> [AdCategory] {
        var categories: [AdCategory] = []
        let c = try db.statement("SELECT id, name FROM ad_category ORDER BY id")
        while try c.step() { categories.append(AdCategory(id: c.int(0), name: c.text(1))) }
        return categories
    }

    public func ad(id: Int64) throws -> (ad: Ad, category: String?)? {
        let a = try db.statement("""
            SELECT ad.id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret, starred, gone,
                repost_of, hidden, ad_category.name
            FROM ad LEFT JOIN ad_category ON ad_category.id = ad.category_id WHERE ad.id = ?1
            """)
        a.bind(1, id)
        defer { a.reset() }
        guard try a.step() else { return nil }
        return (adRow(a), a.optionalText(14))
    }

    public func replaceCatalogue(_ next: Catalogue) throws -> CatalogueChange {
        try replaceCatalogue(categories: next.categories, source: next.source, fetched: next.fetched) { add in
            for ad in next.ads { try add(ad) }
        }
    }

    /// Ads are written as they come and compared with the cache in SQL, never loaded: into an
    /// empty cache, plain inserts with the list indexes rebuilt after; over a cache, an UPDATE
    /// that changes a row only when a field differs (an update), else an insert if the id is
    /// new, and at the end the ids the new listing lacks are deleted (removed).
    public func replaceCatalogue(categories: [AdCategory], source: String, fetched: Int64,
                                 ads: (_ add: (Ad) throws -> Void) throws -> Void) throws -> CatalogueChange {
        try db.writeTransaction {
            let fresh = try db.scalar("SELECT count(*) FROM (SELECT 1 FROM ad LIMIT 1)") == 0
            // catalogue_info goes last: the price trigger reads the fetch time of the copy it replaces.
            try db.execute("DELETE FROM ad_category;" + (fresh ? SQLiteSchema.dropAdIndexes : ""))
            let c = try db.statement("INSERT INTO ad_category (id, name) VALUES (?1, ?2)")
            for category in categories {
                c.reset()
                c.bind(1, category.id)
                c.bind(2, category.name)
                try c.run()
            }
            var change = CatalogueChange(added: 0, updated: 0, removed: 0)
            var seen = Set<Int64>()
            // Ids only: a resync of 100,000 new ads held each whole until the end.
            var added: [Int64] = []
            let insert = try db.statement(Self.insertAdSQL)
            let update = try db.statement(Self.updateChangedAdSQL)
            let exists = try db.statement("SELECT 1 FROM ad WHERE id = ?1")
            try ads { ad in
                if !fresh {
                    seen.insert(ad.id)
                    Self.bind(ad, to: update)
                    try update.run()
                    if db.changes > 0 {
                        change.updated += 1
                        return
                    }
                    exists.reset()
                    exists.bind(1, ad.id)
                    defer { exists.reset() }
                    if try exists.step() { return }
                }
                Self.bind(ad, to: insert)
                try insert.run()
                change.added += 1
                if !fresh { added.append(ad.id) }
            }
            if fresh {
                try db.execute(SQLiteSchema.adIndexes + SQLiteSchema.adPriceIndexes)
            } else {
                change.removed = try retireAds(notIn: seen, added: added)
            }
            try db.execute("DELETE FROM ad_tally; INSERT INTO ad_tally (category_id, listed) "
                           + "SELECT category_id, count(*) FROM ad WHERE +gone = 0 AND +hidden = 0 GROUP BY category_id")
            try db.execute("DELETE FROM catalogue_info")
            let i = try db.statement("INSERT INTO catalogue_info (key, value) VALUES (?1, ?2)")
            for (key, value) in [("source", source), ("fetched", String(fetched))] {
                i.reset()
                i.bind(1, key)
                i.bind(2, value)
                try i.run()
            }
            return change
        }
    }

    static let insertAdSQL = """
        INSERT INTO ad (id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
        """
    /// Changes the row only when a field differs, so that the count of changed rows is the
    /// count of updated ads (IS NOT compares NULLs as values).
    static let updateChangedAdSQL = """
        UPDATE ad SET category_id = ?2, title = ?3, description = ?4, price = ?5, small_image = ?6, thumb_image = ?7,
            created = ?8, urgent = ?9, siret = ?10, gone = 0
        WHERE id = ?1 AND (category_id IS NOT ?2 OR title IS NOT ?3 OR description IS NOT ?4 OR price IS NOT ?5
            OR small_image IS NOT ?6 OR thumb_image IS NOT ?7 OR created IS NOT ?8 OR urgent IS NOT ?9 OR siret IS NOT ?10
            OR gone <> 0)
        """

    private static func bind(_ ad: Ad, to s: SQLiteStatement) {
        s.reset()
        s.bind(1, ad.id)
        s.bind(2, ad.categoryID)
        s.bind(3, ad.title)
        s.bind(4, ad.description)
        s.bind(5, ad.price)
        s.bind(6, ad.smallImage)
        s.bind(7, ad.thumbImage)
        s.bind(8, ad.created)
        s.bind(9, ad.isUrgent ? 1 : 0)
        s.bind(10, ad.siret)
    }

    /// The cached ads whose ids are not in `kept` leave (a walk of an index's ids, not of the
    /// ads), but a starred one stays, marked gone; a new ad with the title, text and seller of
    /// one that left is marked as its re-post, taking its star, earlier prices and what
    /// alerts reported of it (and the original then leaves, with its records). Returns how
    /// many left the listing.
    private func retireAds(notIn kept: Set<Int64>, added: [Int64]) throws -> Int {
        var left: [Int64] = []
        let ids = try db.statement("SELECT id FROM ad")
        while try ids.step() {
            let id = ids.int(0)
            if !kept.contains(id) { left.append(id) }
        }
        ids.reset()
        let leaving = try leavingAds(left)
        let reposted = leaving.originals.isEmpty ? [] : try markReposts(of: leaving.originals, among: added)
        let keep = try db.statement("UPDATE ad SET gone = 1 WHERE id = ?1")
        let delete = try db.statement("DELETE FROM ad WHERE id = ?1")
        let forget = try db.statement("DELETE FROM ad_price WHERE ad = ?1")
        let unreport = try db.statement("DELETE FROM search_seen WHERE ad = ?1")
        for id in left {
            let stays = leaving.starred.contains(id) && !reposted.contains(id)
            for s in stays ? [keep] : [delete, forget, unreport] {
                s.reset()
                s.bind(1, id)
                try s.run()
            }
        }
        return leaving.removed
    }

    /// An ad as a re-post would repeat it: its title, text and seller.
    private typealias RepostKey = [String]
    private typealias Original = (id: Int64, price: Double, starred: Bool, hidden: Bool)

    /// Of the ads leaving: how many were still listed, which are starred, and the first of
    /// each title, text and seller (what a re-post would repeat).
    private func leavingAds(_ left: [Int64]) throws -> (removed: Int, starred: Set<Int64>, originals: [RepostKey: Original]) {
        var removed = 0
        var originals: [RepostKey: Original] = [:]
        var starred = Set<Int64>()
        let row = try db.statement("SELECT title, description, siret, price, starred, gone, hidden FROM ad WHERE id = ?1")
        defer { row.reset() }
        for id in left {
            row.reset()
            row.bind(1, id)
            guard try row.step() else { continue }
            if row.int(5) == 0 { removed += 1 }
            if row.int(4) != 0 { starred.insert(id) }
            let key = [row.text(0), row.text(1), row.optionalText(2) ?? ""]
            if originals[key] == nil { originals[key] = (id, row.double(3), row.int(4) != 0, row.int(6) != 0) }
        }
        return (removed, starred, originals)
    }

    /// Marks each added ad that repeats a leaving one as its re-post, handing it the star, the
    /// hidden mark (a hidden ad's re-posts stay hidden),
    /// the earlier prices (and the original's last one when it changed) and what alerts
    /// reported; returns the originals taken over.
    private func markReposts(of originals: [RepostKey: Original], among added: [Int64]) throws -> Set<Int64> {
        var reposted = Set<Int64>()
        let mark = try db.statement("UPDATE ad SET repost_of = ?2, starred = ?3, hidden = ?4 WHERE id = ?1")
        let history = try db.statement("""
            INSERT INTO ad_price (ad, price, seen) SELECT ?1, price, seen FROM ad_price WHERE ad = ?2
            """)
        let last = try db.statement("""
            INSERT INTO ad_price (ad, price, seen) SELECT ?1, ?2, CAST(value AS INTEGER) FROM catalogue_info WHERE key = 'fetched'
            """)
        let reported = try db.statement("""
            INSERT OR IGNORE INTO search_seen (search, ad, price) SELECT search, ?1, price FROM search_seen WHERE ad = ?2
            """)
        let new = try db.statement("SELECT title, description, siret, price FROM ad WHERE id = ?1")
        for id in added {
            new.reset()
            new.bind(1, id)
            guard try new.step() else { continue }
            let key = [new.text(0), new.text(1), new.optionalText(2) ?? ""], price = new.double(3)
            new.reset()
            guard let original = originals[key], !reposted.contains(original.id) else { continue }
            reposted.insert(original.id)
            mark.reset()
            mark.bind(1, id)
            mark.bind(2, original.id)
            mark.bind(3, original.starred ? 1 : 0)
            mark.bind(4, original.hidden ? 1 : 0)
            try mark.run()
            for s in [history, reported] {
                s.reset()
                s.bind(1, id)
                s.bind(2, original.id)
                try s.run()
            }
            guard original.price != price else { continue }
            last.reset()
            last.bind(1, id)
            last.bind(2, original.price)
            try last.run()
        }
        return reposted
    }

    public func earlierPrices(of id: Int64) throws -> [PricePoint] {
        let s = try db.statement("SELECT price, seen FROM ad_price WHERE ad = ?1 ORDER BY seen, rowid")
        s.bind(1, id)
        defer { s.reset() }
        var points: [PricePoint] = []
        while try s.step() { points.append(PricePoint(price: s.double(0), seen: s.int(1))) }
        return points
    }

    /// Hides or shows ads again; the listed counts (ad_tally) follow, a gone ad being counted
    /// in none. Journaled as a change undo cannot revert, as stars are.
    public func setHidden(_ hidden: Bool, ids: [Int64], journaled context: JournalContext?) throws -> Int {
        try db.writeTransaction {
            let mark = try db.statement("UPDATE ad SET hidden = ?2 WHERE id = ?1 AND hidden <> ?2")
            let tally = try db.statement("""
                UPDATE ad_tally SET listed = listed + ?2 WHERE category_id = (SELECT category_id FROM ad WHERE id = ?1 AND gone = 0)
                """)
            var changed = 0
            for id in Set(ids) {
                mark.reset()
                mark.bind(1, id)
                mark.bind(2, hidden ? 1 : 0)
                try mark.run()
                guard db.changes > 0 else { continue }
                changed += 1
                tally.reset()
                tally.bind(1, id)
                tally.bind(2, hidden ? -1 : 1)
                try tally.run()
            }
            if changed > 0, let context { try appendIrreversible(context) }
            return changed
        }
    }

    public func setStarred(_ starred: Bool, ids: [Int64], journaled context: JournalContext?) throws -> Int {
        try db.writeTransaction {
            // Unstarring a gone ad lets it leave, as the sync that dropped it would have.
            let sql = starred ? ["UPDATE ad SET starred = 1 WHERE id = ?1 AND starred = 0"]
                : ["DELETE FROM ad_price WHERE ad = ?1 AND EXISTS (SELECT 1 FROM ad WHERE id = ?1 AND gone = 1)",
                   "DELETE FROM search_seen WHERE ad = ?1 AND EXISTS (SELECT 1 FROM ad WHERE id = ?1 AND gone = 1)",
                   "DELETE FROM ad WHERE id = ?1 AND gone = 1", "UPDATE ad SET starred = 0 WHERE id = ?1 AND starred = 1"]
            var changed = 0
            for id in Set(ids) {
                for text in sql {
                    let s = try db.statement(text)
                    s.bind(1, id)
                    try s.run()
                    if text.hasPrefix("DELETE FROM ad_price") || text.hasPrefix("DELETE FROM search_seen") { continue }
                    changed += db.changes
                }
            }
            if changed > 0, let context { try appendIrreversible(context) }
            return changed
        }
    }
}
