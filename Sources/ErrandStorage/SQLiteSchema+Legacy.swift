import ErrandDomain

/// The keys a migration computes in Swift for rows an older version stored without them
/// (SQL has no NFC and no Unicode lower case).
extension SQLiteSchema {
    /// Gives each title stored un-normalised its NFC form as its equal-item key. Only a
    /// non-ASCII title can need one, and SQLite's GLOB finds those without Swift reading every
    /// row.
    static func keyLegacyTitles(_ db: SQLiteConnection) throws {
        try key(db, "SELECT id, title FROM item WHERE title GLOB '*[^ -~]*'", into: "title_nfc", CanonicalText.nfcIfChanged)
    }

    /// Gives each located item its place's key (PlaceKey, for item_place_key).
    static func keyLegacyPlaces(_ db: SQLiteConnection) throws {
        try key(db, "SELECT id, place FROM item WHERE place IS NOT NULL AND latitude IS NOT NULL", into: "place_key") {
            PlaceKey.of($0)
        }
    }

    /// Writes `column` of each row `scan` selects (id, text) with the text's key, when it has
    /// one. The keys are collected first, so that no row changes under the scan reading it.
    static func key(_ db: SQLiteConnection, _ scan: String, into column: String,
                            _ keyOf: (String) -> String?) throws {
        var keys: [(id: Int64, key: String)] = []
        let rows = try db.statement(scan)
        while try rows.step() {
            if let key = keyOf(rows.text(1)) { keys.append((rows.int(0), key)) }
        }
        rows.reset()
        let update = try db.statement("UPDATE item SET \(column) = ?2 WHERE id = ?1")
        for key in keys {
            update.reset()
            update.bind(1, key.id)
            update.bind(2, key.key)
            try update.run()
        }
    }
}
