import ErrandDomain

/// The keys a migration computes in Swift for rows an older version stored without them
/// (SQL has no NFC and no Unicode lower case).
extension SQLiteSchema {
    /// Gives each title stored un-normalised its NFC form as its equal-item key. Only a
    /// non-ASCII title can need one, and SQLite's GLOB finds those without Swift reading every
    /// row; the keys are collected first so that no row changes under the scan reading it.
    static func keyLegacyTitles(_ db: SQLiteConnection) throws {
        var keys: [(id: Int64, nfc: String)] = []
        let scan = try db.statement("SELECT id, title FROM item WHERE title GLOB '*[^ -~]*'")
        while try scan.step() {
            if let nfc = CanonicalText.nfcIfChanged(scan.text(1)) { keys.append((scan.int(0), nfc)) }
        }
        scan.reset()
        let update = try db.statement("UPDATE item SET title_nfc = ?2 WHERE id = ?1")
        for key in keys {
            update.reset()
            update.bind(1, key.id)
            update.bind(2, key.nfc)
            try update.run()
        }
    }

    /// Gives each located item its place's key: the rows are collected first, so that no row
    /// changes under the scan reading it.
    static func keyLegacyPlaces(_ db: SQLiteConnection) throws {
        var keys: [(id: Int64, key: String)] = []
        let scan = try db.statement("SELECT id, place FROM item WHERE place IS NOT NULL AND latitude IS NOT NULL")
        while try scan.step() { keys.append((scan.int(0), PlaceKey.of(scan.text(1)))) }
        scan.reset()
        let update = try db.statement("UPDATE item SET place_key = ?2 WHERE id = ?1")
        for key in keys {
            update.reset()
            update.bind(1, key.id)
            update.bind(2, key.key)
            try update.run()
        }
    }
}
