import ErrandDomain
import Foundation

/// The ads cache in SQLite: three tables replaced together in one transaction.
extension SQLiteItemStore: CatalogueStore {
    /// The whole cache by a table scan: only a sync needs it, to say what changed.
    private func storedCatalogue() throws -> Catalogue? {
        guard let (source, fetched) = try catalogueInfo() else { return nil }
        var ads: [Ad] = []
        let a = try db.statement("SELECT \(Self.adColumns) FROM ad")
        while try a.step() { ads.append(adRow(a)) }
        return Catalogue(ads: ads, categories: try adCategories(), source: source, fetched: fetched)
    }

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
        try db.writeTransaction {
            let previous = try storedCatalogue()
            try db.execute(SQLiteSchema.dropAdIndexes + "DELETE FROM ad; DELETE FROM ad_category; DELETE FROM catalogue_info;")
            let c = try db.statement("INSERT INTO ad_category (id, name) VALUES (?1, ?2)")
            for category in next.categories {
                c.reset()
                c.bind(1, category.id)
                c.bind(2, category.name)
                try c.run()
            }
            let a = try db.statement("""
                INSERT INTO ad (id, category_id, title, description, price, small_image, thumb_image, created, urgent, siret)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """)
            for ad in next.ads {
                a.reset()
                a.bind(1, ad.id)
                a.bind(2, ad.categoryID)
                a.bind(3, ad.title)
                a.bind(4, ad.description)
                a.bind(5, ad.price)
                a.bind(6, ad.smallImage)
                a.bind(7, ad.thumbImage)
                a.bind(8, ad.created)
                a.bind(9, ad.isUrgent ? 1 : 0)
                a.bind(10, ad.siret)
                try a.run()
            }
            try db.execute(SQLiteSchema.adIndexes)
            let i = try db.statement("INSERT INTO catalogue_info (key, value) VALUES (?1, ?2)")
            for (key, value) in [("source", next.source), ("fetched", String(next.fetched))] {
                i.reset()
                i.bind(1, key)
                i.bind(2, value)
                try i.run()
            }
            return (previous ?? Catalogue(ads: [], categories: [], source: "", fetched: 0)).changes(to: next)
        }
    }
}
