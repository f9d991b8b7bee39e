import ErrandDomain
import FoundationEssentials

/// The ads cache in SQLite: three tables replaced together in one transaction.
extension SQLiteItemStore: CatalogueStore {
    public func catalogueSummary() throws -> CatalogueSummary? {
        guard let (source, fetched) = try catalogueInfo() else { return nil }
        var counts: [Int64: Int] = [:]
        let s = try db.statement("SELECT category_id, count(*) FROM ad GROUP BY category_id")
        while try s.step() { counts[s.int(0)] = Int(s.int(1)) }
        return CatalogueSummary(source: source, fetched: fetched, categories: try adCategories(), counts: counts)
    }

    /// Both ORDER BYs are index column lists (ad_list_order, ad_category_order): a page is a
    /// walk of the index, whatever the size of the cache.
    static let listedAdsSQL = "SELECT \(adColumns) FROM ad ORDER BY urgent DESC, created DESC, id LIMIT ?1 OFFSET ?2"
    static let listedInCategorySQL = """
        SELECT \(adColumns) FROM ad WHERE category_id = ?3 ORDER BY urgent DESC, created DESC, id LIMIT ?1 OFFSET ?2
        """
    static let adColumns = "id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret"

    public func listedAds(in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad] {
        let s = try db.statement(categoryID == nil ? Self.listedAdsSQL : Self.listedInCategorySQL)
        s.bind(PageWindow(offset: offset, limit: limit), limit: 1, offset: 2)
        if let categoryID { s.bind(3, categoryID) }
        var ads: [Ad] = []
        while try s.step() { ads.append(adRow(s)) }
        return ads
    }

    func adRow(_ a: SQLiteStatement) -> Ad {
        Ad(id: a.int(0), categoryID: a.int(1), title: a.text(2), description: a.text(3), price: a.double(4),
           smallImage: a.optionalText(5), thumbImage: a.optionalText(6), created: a.int(7),
           isUrgent: a.int(8) != 0, siret: a.optionalText(9))
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
            SELECT ad.id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret, ad_category.name
            FROM ad LEFT JOIN ad_category ON ad_category.id = ad.category_id WHERE ad.id = ?1
            """)
        a.bind(1, id)
        defer { a.reset() }
        guard try a.step() else { return nil }
        return (adRow(a), a.optionalText(10))
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
            try db.execute("DELETE FROM ad_category; DELETE FROM catalogue_info;" + (fresh ? SQLiteSchema.dropAdIndexes : ""))
            let c = try db.statement("INSERT INTO ad_category (id, name) VALUES (?1, ?2)")
            for category in categories {
                c.reset()
                c.bind(1, category.id)
                c.bind(2, category.name)
                try c.run()
            }
            var change = CatalogueChange(added: 0, updated: 0, removed: 0)
            var seen = Set<Int64>()
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
            }
            if fresh {
                try db.execute(SQLiteSchema.adIndexes + SQLiteSchema.adPriceIndexes)
            } else {
                change.removed = try deleteAds(notIn: seen)
            }
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
            created = ?8, urgent = ?9, siret = ?10
        WHERE id = ?1 AND (category_id IS NOT ?2 OR title IS NOT ?3 OR description IS NOT ?4 OR price IS NOT ?5
            OR small_image IS NOT ?6 OR thumb_image IS NOT ?7 OR created IS NOT ?8 OR urgent IS NOT ?9 OR siret IS NOT ?10)
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

    /// Deletes the cached ads whose ids are not in `kept` (a walk of an index's ids, not of
    /// the ads); returns how many.
    private func deleteAds(notIn kept: Set<Int64>) throws -> Int {
        var gone: [Int64] = []
        let ids = try db.statement("SELECT id FROM ad")
        while try ids.step() {
            let id = ids.int(0)
            if !kept.contains(id) { gone.append(id) }
        }
        ids.reset()
        let delete = try db.statement("DELETE FROM ad WHERE id = ?1")
        for id in gone {
            delete.reset()
            delete.bind(1, id)
            try delete.run()
        }
        return gone.count
    }
}
