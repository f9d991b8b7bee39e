/// Items' places in the schema: the place key that finds a located place again, the
/// geocoder's cache, and the R*Tree `near` reads, apart from the items' own tables.
extension SQLiteSchema {
    static let placeKey = """
        ALTER TABLE item ADD COLUMN place_key TEXT;
        CREATE INDEX item_place_key ON item (place_key, done, seq DESC) WHERE latitude IS NOT NULL;
        """

    static let placeCache = """
        CREATE TABLE place_cache (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            address TEXT,
            candidates INTEGER NOT NULL,
            fetched INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX place_cache_point ON place_cache (latitude, longitude);
        CREATE TABLE place_lookup (id INTEGER PRIMARY KEY CHECK (id = 0), last REAL NOT NULL);
        """

    /// Integer microdegrees (rtree_i32): exact to 11 cm, so `near` measures from the index alone
    /// (joining every candidate to its item row cost more than the rest of the query), and
    /// the box never misses an item by rounding. place_tally counts the indexed items, which
    /// an R*Tree cannot do without reading all of them.
    static let placeIndex = """
        CREATE VIRTUAL TABLE item_place USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon);
        INSERT INTO item_place (id, min_lat, max_lat, min_lon, max_lon)
            SELECT id, round(latitude * 1e6), round(latitude * 1e6), round(longitude * 1e6), round(longitude * 1e6)
            FROM item WHERE done = 0 AND latitude IS NOT NULL AND longitude IS NOT NULL;
        CREATE TABLE place_tally (id INTEGER PRIMARY KEY CHECK (id = 0), located INTEGER NOT NULL);
        INSERT INTO place_tally (id, located) SELECT 0, count(*) FROM item_place;
        CREATE TRIGGER item_place_insert AFTER INSERT ON item
        WHEN NEW.done = 0 AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL BEGIN
            INSERT INTO item_place (id, min_lat, max_lat, min_lon, max_lon)
                VALUES (NEW.id, round(NEW.latitude * 1e6), round(NEW.latitude * 1e6), round(NEW.longitude * 1e6),
                        round(NEW.longitude * 1e6));
            UPDATE place_tally SET located = located + 1;
        END;
        CREATE TRIGGER item_place_delete AFTER DELETE ON item
        WHEN OLD.done = 0 AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL BEGIN
            DELETE FROM item_place WHERE id = OLD.id;
            UPDATE place_tally SET located = located - 1;
        END;
        CREATE TRIGGER item_place_update AFTER UPDATE OF done, latitude, longitude ON item
        WHEN OLD.done IS NOT NEW.done OR OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude BEGIN
            DELETE FROM item_place WHERE id = OLD.id;
            INSERT INTO item_place (id, min_lat, max_lat, min_lon, max_lon)
                SELECT NEW.id, round(NEW.latitude * 1e6), round(NEW.latitude * 1e6), round(NEW.longitude * 1e6),
                       round(NEW.longitude * 1e6)
                WHERE NEW.done = 0 AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL;
            UPDATE place_tally SET located = located
                - (OLD.done = 0 AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL)
                + (NEW.done = 0 AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL);
        END;
        """
}
