import ErrandDomain
import Foundation

/// `find` on the ads tab: the ad_text index (schema version 9) answers which ads hold the
/// words; the list order and the category come from the ad table's own indexes.
extension SQLiteItemStore {
    static let adMatchesSQL = "SELECT rowid FROM ad_text WHERE ad_text MATCH ?1"

    public func adMatchCount(_ query: SearchQuery, in categoryID: Int64?) throws -> Int {
        try refreshAdText()
        let s = try db.statement(categoryID == nil ? "SELECT count(*) FROM (\(Self.adMatchesSQL))"
            : "SELECT count(*) FROM ad WHERE id IN (\(Self.adMatchesSQL)) AND category_id = ?2")
        s.bind(1, Self.ftsQuery(query))
        if let categoryID { s.bind(2, categoryID) }
        defer { s.reset() }
        return try s.step() ? Int(s.int(0)) : 0
    }

    public func matchingAds(_ query: SearchQuery, in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad] {
        try refreshAdText()
        let category = categoryID == nil ? "" : " AND category_id = ?4"
        let s = try db.statement("""
            SELECT \(Self.adColumns) FROM ad WHERE id IN (\(Self.adMatchesSQL))\(category)
            ORDER BY urgent DESC, created DESC, id LIMIT ?2 OFFSET ?3
            """)
        s.bind(1, Self.ftsQuery(query))
        s.bind(PageWindow(offset: offset, limit: limit), limit: 2, offset: 3)
        if let categoryID { s.bind(4, categoryID) }
        defer { s.reset() }
        var ads: [Ad] = []
        while try s.step() { ads.append(adRow(s)) }
        return ads
    }

    /// Rebuilds the index when it was built for another copy of the catalogue (or never): the
    /// copy is told by its fetch time, which every sync writes.
    private func refreshAdText() throws {
        let stamp = "SELECT value FROM catalogue_info WHERE key = ?1"
        func value(_ key: String) throws -> String? {
            let s = try db.statement(stamp)
            s.bind(1, key)
            defer { s.reset() }
            return try s.step() ? s.text(0) : nil
        }
        let fetched = try value("fetched")
        guard try value("ad_text_built") != fetched else { return }
        try db.writeTransaction {
            // Checked again under the write lock: another shell may have just built it.
            guard try value("ad_text_built") != fetched else { return }
            try db.execute("INSERT INTO ad_text (ad_text) VALUES ('rebuild')")
            let s = try db.statement("INSERT OR REPLACE INTO catalogue_info (key, value) VALUES ('ad_text_built', ?1)")
            s.bind(1, fetched ?? "")
            try s.run()
        }
    }
}
