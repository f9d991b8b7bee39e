/// The ads cache's later migrations and the indexes every sync rebuilds, apart from the
/// schema's older tables so the catalogue's SQL stands together.
extension SQLiteSchema {
    /// The listed ads per category, written by each sync (only a sync changes them: a star
    /// neither lists nor unlists), so `ads`, `find` and `run` read a dozen rows instead of
    /// counting the cache (7 ms at 100,000 ads, twice per `find`). What `run NAME --new`
    /// reported is kept only for the ads still cached, found by ad (search_seen_ad): a re-post
    /// takes its original's record when the sync marks it, as it takes its prices, and the
    /// records of the ads that left go with them (they grew with every sync). The records of
    /// re-posts marked before this version are handed over here.
    static let adTally = """
        CREATE TABLE ad_tally (category_id INTEGER PRIMARY KEY, listed INTEGER NOT NULL);
        INSERT INTO ad_tally (category_id, listed) SELECT category_id, count(*) FROM ad WHERE gone = 0 GROUP BY category_id;
        CREATE INDEX search_seen_ad ON search_seen (ad);
        INSERT OR IGNORE INTO search_seen (search, ad, price)
            SELECT seen.search, ad.id, seen.price FROM ad JOIN search_seen AS seen ON seen.ad = ad.repost_of;
        DELETE FROM search_seen WHERE ad NOT IN (SELECT id FROM ad);
        """

    /// `hide N`: the mark, and the hidden ads by id for the `hidden` list (a handful among
    /// 100,000: a partial index).
    static let adHidden = """
        ALTER TABLE ad ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX ad_hidden ON ad (id) WHERE hidden = 1;
        """

    static let adMemory = """
        ALTER TABLE ad ADD COLUMN starred INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ad ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE ad ADD COLUMN repost_of INTEGER;
        CREATE INDEX ad_starred ON ad (id) WHERE starred = 1;
        CREATE INDEX ad_gone ON ad (category_id) WHERE gone = 1;
        CREATE TABLE ad_price (ad INTEGER NOT NULL, price REAL NOT NULL, seen INTEGER NOT NULL);
        CREATE INDEX ad_price_ad ON ad_price (ad, seen);
        CREATE TRIGGER ad_price_change AFTER UPDATE OF price ON ad WHEN OLD.price IS NOT NEW.price BEGIN
            INSERT INTO ad_price (ad, price, seen)
                SELECT OLD.id, OLD.price, CAST(value AS INTEGER) FROM catalogue_info WHERE key = 'fetched';
        END;
        CREATE TABLE search_seen (
            search TEXT NOT NULL,
            ad INTEGER NOT NULL,
            price REAL NOT NULL,
            PRIMARY KEY (search, ad)
        ) WITHOUT ROWID;
        """

    /// `find` with words or an `or` reads every ad's facts in the listing's order (AdFacts):
    /// the listing's index (ad_listing, ad_list_order before it) holds them, so that read walks
    /// 5 MB of index, not 140 MB of rows (52 ms at 100,000 ads, not 260). A sync rebuilds it.
    static let adListFacts = """
        DROP INDEX ad_list_order;
        CREATE INDEX ad_listing ON ad (urgent DESC, created DESC, id, category_id, price, starred, gone, hidden, siret);
        """

    /// Also rebuilt by every sync: building them once after the inserts is cheaper than
    /// keeping them up to date through 100,000 inserts in date order they do not follow.
    static let adIndexes = """
        CREATE INDEX ad_listing ON ad (urgent DESC, created DESC, id, category_id, price, starred, gone, hidden, siret);
        CREATE INDEX ad_category_order ON ad (category_id, urgent DESC, created DESC, id);
        """
    /// `find cat:X price:<500 sort:price` on the ads tab walks these in price order; a sync
    /// rebuilds them with adIndexes.
    static let adPriceIndexes = """
        CREATE INDEX ad_price_order ON ad (price, id);
        CREATE INDEX ad_category_price ON ad (category_id, price, id);
        """
    static let dropAdIndexes = "DROP INDEX IF EXISTS ad_listing; DROP INDEX IF EXISTS ad_list_order; DROP INDEX IF EXISTS ad_category_order; "
        + "DROP INDEX IF EXISTS ad_price_order; DROP INDEX IF EXISTS ad_category_price;"
}
