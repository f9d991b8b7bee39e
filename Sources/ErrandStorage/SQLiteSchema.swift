import ErrandDomain
import FoundationEssentials

/// The versioned schema. `user_version` holds the version; `application_id` marks the file
/// as Errand's so that another program's SQLite database is refused instead of altered.
enum SQLiteSchema {
    static let applicationID: Int64 = 0x4552_4E44 // "ERND"

    /// Migration n brings the schema from version n to n + 1.
    static let migrations: [String] = [
        """
        CREATE TABLE item (
            id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            notes TEXT,
            due INTEGER NOT NULL,
            due_time INTEGER,
            place TEXT,
            latitude REAL,
            longitude REAL,
            done INTEGER NOT NULL DEFAULT 0,
            created INTEGER NOT NULL,
            seq INTEGER NOT NULL
        );
        CREATE INDEX item_due ON item (due);
        CREATE INDEX item_done_due ON item (done, due);
        CREATE INDEX item_done_seq ON item (done, seq);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO meta (key, value) VALUES ('last_seq', 0);
        """,
        """
        CREATE TABLE ad_category (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE ad (
            id INTEGER PRIMARY KEY,
            category_id INTEGER NOT NULL,
            title TEXT NOT NULL,
            description TEXT NOT NULL,
            price REAL NOT NULL,
            small_image TEXT,
            thumb_image TEXT,
            created INTEGER NOT NULL,
            urgent INTEGER NOT NULL,
            siret TEXT
        );
        CREATE TABLE catalogue_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
        // Version 3, for scale: per-day tallies kept by triggers, so the week screen reads seven
        // rows and the section counts sixty (counting 7 days of a 1M-item store took 12 ms,
        // counting the table 30 ms); a day's list walks an index in display order, so a page
        // costs the same on a day of 10 items or 20,000; the equal-item check on create reads
        // one index entry instead of every open item of the day (a partial index was passed
        // over by the planner for (done, due), which the tallies make unnecessary: dropped).
        """
        CREATE TABLE day_count (
            due INTEGER PRIMARY KEY,
            open INTEGER NOT NULL,
            total INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO day_count (due, open, total)
            SELECT due, sum(done = 0), count(*) FROM item GROUP BY due;
        CREATE TRIGGER item_tally_insert AFTER INSERT ON item BEGIN
            INSERT INTO day_count (due, open, total) VALUES (NEW.due, NEW.done = 0, 1)
            ON CONFLICT (due) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        CREATE TRIGGER item_tally_delete AFTER DELETE ON item BEGIN
            UPDATE day_count SET open = open - (OLD.done = 0), total = total - 1 WHERE due = OLD.due;
        END;
        CREATE TRIGGER item_tally_update AFTER UPDATE OF due, done ON item BEGIN
            UPDATE day_count SET open = open - (OLD.done = 0), total = total - 1 WHERE due = OLD.due;
            INSERT INTO day_count (due, open, total) VALUES (NEW.due, NEW.done = 0, 1)
            ON CONFLICT (due) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        CREATE INDEX item_day_order ON item (due, done, due_time IS NULL, due_time, seq);
        DROP INDEX item_due;
        DROP INDEX item_done_due;
        CREATE INDEX item_same_entry ON item (title, due, done);
        """,
        // Version 4: the ads list pages through indexes in its order, in all or per category
        // (a 100,000-ad cache was loaded whole for every ads, filter and more). As then: the
        // listing's index has grown since (adListFacts) over columns later versions add.
        """
        CREATE INDEX ad_list_order ON ad (urgent DESC, created DESC, id);
        CREATE INDEX ad_category_order ON ad (category_id, urgent DESC, created DESC, id);
        """,
        // Version 5: titles are compared in NFC (CanonicalText), as the in-memory backend's
        // String == compares them. New titles are stored in NFC; a title an older version
        // stored otherwise keeps its bytes (a store is never rewritten behind the user's back)
        // and gets its NFC form beside it, filled in by `keyLegacyTitles`. The column is
        // empty for every other row, so the index costs what the one it replaces did.
        """
        ALTER TABLE item ADD COLUMN title_nfc TEXT;
        DROP INDEX item_same_entry;
        CREATE INDEX item_same_entry ON item (coalesce(title_nfc, title), due, done);
        """,
        // Version 6: `find` reads a full-text index of title, notes and place that triggers
        // keep in step with the item table (an update that leaves the text alone, as check
        // does, does not touch it). Existing items are indexed once here. `list` and the
        // overdue list walk the open items in due order through item_todo_order. An item's
        // repeat rule (Repeat.stored) is kept in repeat_rule.
        """
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2');
        INSERT INTO item_text (item_text) VALUES ('rebuild');
        CREATE INDEX item_todo_order ON item (due, due_time IS NULL, due_time, seq) WHERE done = 0;
        ALTER TABLE item ADD COLUMN repeat_rule TEXT;
        CREATE TRIGGER item_text_insert AFTER INSERT ON item BEGIN
            INSERT INTO item_text (rowid, title, notes, place) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place);
        END;
        CREATE TRIGGER item_text_delete AFTER DELETE ON item BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place);
        END;
        CREATE TRIGGER item_text_update AFTER UPDATE OF title, notes, place ON item
        WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes OR OLD.place IS NOT NEW.place BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place);
            INSERT INTO item_text (rowid, title, notes, place) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place);
        END;
        """,
        // Version 7: the undo journal, so undo and redo survive a restart. Each entry holds its
        // items before and after as JSON (StoredChange), written in the same transaction as the
        // items. Undone entries (the ones redo can apply) are found through a partial index.
        """
        CREATE TABLE journal (
            id INTEGER PRIMARY KEY,
            time INTEGER NOT NULL,
            command TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            changes TEXT NOT NULL
        );
        CREATE INDEX journal_undone ON journal (id) WHERE undone = 1;
        """,
        // Version 8, for iCalendar and sync: an item's UID (NULL: its uuid, so existing rows
        // keep theirs without being rewritten), its modified time (NULL: its created time) and
        // the VTODO it was read from. An item without a due day keeps `due` NOT NULL and holds
        // `noDateKey`, past every real day: `list` and the tallies walk it last through the
        // indexes they already have, the overdue and week ranges never reach it, and no table
        // rebuild (of 1,000,000 rows, their triggers and full-text index) is needed.
        """
        ALTER TABLE item ADD COLUMN uid TEXT;
        ALTER TABLE item ADD COLUMN modified INTEGER;
        ALTER TABLE item ADD COLUMN icalendar TEXT;
        CREATE UNIQUE INDEX item_uid ON item (coalesce(uid, uuid));
        """,
        // Version 9: `find` on the ads tab reads a full-text index of ad titles and descriptions.
        // No triggers: a sync replaces tens of thousands of ads, and keeping the index in step
        // row by row would slow every sync for a search few of them are followed by. The index
        // is rebuilt by the first search after a sync instead (SQLiteItemStore+AdSearch).
        """
        CREATE VIRTUAL TABLE ad_text USING fts5(title, description, content='ad', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2');
        """,
        // Places (1/2): the geocoder's answers, so that one place is asked for once, as
        // OpenStreetMap's usage policy asks. A row without coordinates is a "no such place".
        placeCache,
        // Places (2/2): `near` reads an R*Tree of the open items that have coordinates, kept by
        // triggers (points: each box is one point), and measures exact distances only for
        // the items in the box around the centre.
        placeIndex,
        // Version 12: CalDAV sync state (see syncState).
        syncState,
        // Version 13: the last failed sync of the remote, beside the last good one, for `remote`.
        """
        ALTER TABLE sync_remote ADD COLUMN last_failure_at INTEGER;
        ALTER TABLE sync_remote ADD COLUMN last_failure TEXT;
        """,
        // Version 14: the first declared fields (ItemField), a column each, named as the
        // field; within a day, open items sort by time, then priority (the day-order indexes).
        declaredFields,
        // Start dates (ItemField.start).
        startDates,
        // find's query language: priority: terms read the items with a priority, by it, with
        // their state (`priority:high is:open` is counted from the index alone); on the ads
        // tab, price: and sort:price walk the price orders.
        "CREATE INDEX item_priority ON item (priority, done) WHERE priority IS NOT NULL;\n" + adPriceIndexes,
        // Reminders (ItemField.reminders, .reminded) and the next one's minute, indexed.
        reminderFields,
        // A reminder put off (ItemField.snoozed).
        snoozeField,
        // Several lists (ItemField.list): an old store's items carry none, so they are all in
        // its main list, named after its remote (ListNames.mainName), with nothing rewritten.
        listField,
        // Saved searches (SavedSearchStore), and the journal's column for their changes, so
        // that save and forget are undone as any change is.
        """
        CREATE TABLE saved_search (name TEXT PRIMARY KEY, tab TEXT NOT NULL, query TEXT NOT NULL) WITHOUT ROWID;
        ALTER TABLE journal ADD COLUMN searches TEXT;
        """,
        // Stars, alerts and price history: a starred ad outlives the listing (gone), a new id
        // re-posting an ad that left is marked, each price change is kept with the fetch time
        // of the sync that last saw the old price (the trigger reads it before the sync
        // writes its own), and what `run NAME --new` reported is remembered per search.
        adMemory,
        // Subtasks (ItemField.parent), with the index that finds a parent's children.
        parentField,
        // Lists that sync with collections of their own (see syncLists).
        syncLists,
        // Alerts at 100,000 ads (see adTally).
        adTally,
        // A located place's key (PlaceKey), so a place typed again finds its coordinates in
        // one index probe (keyLegacyPlaces fills it for the items already located).
        placeKey,
        // Tags counted with their items' day, state and priority (see tagFacets).
        tagFacets,
        // A parent's children in their order, and the finished occurrences whose series is
        // gone (see leftovers).
        leftovers,
        // Undo's marks in a table of their own (see journalUndoMarks).
        journalUndoMarks,
        // What `log` shows of each journal entry, beside it (see journalBriefs).
        journalBriefs,
        // Typed prefixes of words answered from indexes of their own (see wordPrefixes).
        wordPrefixes,
        // A tag's rows in list order (see tagOrder).
        tagOrder,
        // The lists items carry, counted (see listTally).
        listTally,
        // Words indexed folded as queries are, ß as ss and ﬁ as fi (see foldedWords).
        foldedWords,
        // The open repeating items by day, for the week's later occurrences (see openSeries).
        openSeries,
        // Hidden ads (see adHidden).
        adHidden,
        // Every ad's facts in the listing's index (see adListFacts).
        adListFacts,
        // Work begun, given up and how far along (see itemStatus).
        itemStatus,
        // The conflicts syncs resolved, with both versions (see syncConflicts).
        syncConflicts,
    ]

    /// What `log` shows of each journal entry (SQLiteJournalBrief), in a table of its own as
    /// undo's marks are: written into the entry's row, it would rewrite the entry's changes.
    /// SQLiteJournalBrief.backfill counts the entries already there; the trigger takes a brief
    /// away with its entry, so an id given again never finds an old one.
    static let journalBriefs = """
        CREATE TABLE journal_brief (
            id INTEGER PRIMARY KEY,
            found INTEGER NOT NULL,
            created INTEGER NOT NULL,
            touched INTEGER NOT NULL,
            firsts TEXT NOT NULL
        );
        CREATE TRIGGER journal_brief_delete AFTER DELETE ON journal BEGIN
            DELETE FROM journal_brief WHERE id = OLD.id;
        END;
        """

    /// Two rough edges of the subtasks' and occurrences' stores, in one step: item_children,
    /// so that a parent's children are read in their own order (SQLiteItemRecords.childOrder)
    /// by walking an index, as ItemManager sorts them, instead of sorted after (item_parent,
    /// which the counts and the subtask filter walk, has no seq); and orphanOccurrences.
    /// Its CREATE INDEX refuses to run twice, so a store claiming an older version than its
    /// tables is still refused (HostileStoreFileTests).
    static let leftovers = """
        CREATE INDEX item_children ON item (parent, done, seq) WHERE parent IS NOT NULL;
        """ + orphanOccurrences

    /// Swiping a series before its occurrences went with it left their rows behind: done
    /// items under a UID (Occurrence) no series of the store holds, which no command may
    /// change or delete. Removed once; the series's UID is the occurrence's up to the
    /// marker, found through item_uid.
    static let orphanOccurrences = """
        DELETE FROM item WHERE instr(uid, ';RECURRENCE-ID=') > 0 AND NOT EXISTS (
            SELECT 1 FROM item AS series
            WHERE coalesce(series.uid, series.uuid) = substr(item.uid, 1, instr(item.uid, ';RECURRENCE-ID=') - 1));
        """

    /// `due` of an item without a due day: one past 9999-12-31 (DueDay.supportedDayNumbers).
    static let noDateKey = DueDay.supportedDayNumbers.upperBound + 1

    /// CalDAV sync state (SyncRecords): the remote collection, and per item its href, ETag,
    /// last agreed VTODO and whether a change is still to be sent. Triggers mark the change
    /// inside the statement that makes it, so no code path can change an item and forget to
    /// tell the next sync; they do nothing while no remote is set, so a store that never
    /// syncs pays one empty-table probe per write. Self-contained: its own tables, keyed by
    /// the item's uuid.
    static let syncState = """
        CREATE TABLE sync_remote (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            url TEXT NOT NULL,
            token TEXT,
            ctag TEXT,
            last_sync INTEGER,
            last_result TEXT
        );
        CREATE TABLE sync_item (
            item TEXT PRIMARY KEY,
            href TEXT UNIQUE,
            etag TEXT,
            base TEXT,
            pending INTEGER NOT NULL,
            deleted INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX sync_item_pending ON sync_item (item) WHERE pending = 1;
        CREATE TRIGGER item_sync_insert AFTER INSERT ON item WHEN EXISTS (SELECT 1 FROM sync_remote) BEGIN
            INSERT INTO sync_item (item, pending, deleted) VALUES (NEW.uuid, 1, 0)
            ON CONFLICT (item) DO UPDATE SET pending = 1, deleted = 0;
        END;
        CREATE TRIGGER item_sync_update AFTER UPDATE ON item WHEN EXISTS (SELECT 1 FROM sync_remote) BEGIN
            INSERT INTO sync_item (item, pending, deleted) VALUES (NEW.uuid, 1, 0)
            ON CONFLICT (item) DO UPDATE SET pending = 1, deleted = 0;
        END;
        CREATE TRIGGER item_sync_delete AFTER DELETE ON item WHEN EXISTS (SELECT 1 FROM sync_remote) BEGIN
            DELETE FROM sync_item WHERE item = OLD.uuid AND href IS NULL;
            UPDATE sync_item SET pending = 1, deleted = 1 WHERE item = OLD.uuid;
        END;
        """

    static var currentVersion: Int { migrations.count }

    /// Reads only: a file that fails here is left byte-for-byte as it was.
    static func validate(_ db: SQLiteConnection) throws {
        let appID = try db.scalar("PRAGMA application_id")
        let version = Int(try db.scalar("PRAGMA user_version"))
        let tables = try db.scalar("SELECT count(*) FROM sqlite_master")
        if appID != applicationID {
            if appID == 0, version == 0, tables == 0 { return }
            throw StoreError.notAStore(path: db.path, reason: "an SQLite database of another program")
        }
        if version > currentVersion {
            throw StoreError.newerSchema(path: db.path, found: version, supported: currentVersion)
        }
        // user_version is a signed 32-bit field: one flipped top bit made it negative, and
        // migrate indexed its list with it (SIGILL).
        if version < 0 {
            throw StoreError.notAStore(path: db.path, reason: "damaged: schema version \(version) is not one Errand writes")
        }
    }

    static func migrate(_ db: SQLiteConnection) throws {
        // Nothing to do must write nothing: opening a store should not touch the file.
        guard Int(try db.scalar("PRAGMA user_version")) < currentVersion else { return }
        try db.writeTransaction {
            let start = Int(try db.scalar("PRAGMA user_version"))
            guard start >= 0 else {
                throw StoreError.notAStore(path: db.path, reason: "damaged: schema version \(start) is not one Errand writes")
            }
            for (version, migration) in migrations.enumerated() where version >= start {
                do {
                    try db.execute(migration)
                    if version + 1 == 5 { try keyLegacyTitles(db) }
                    if migration == placeKey { try keyLegacyPlaces(db) }
                    if migration == journalBriefs { try SQLiteJournalBrief.backfill(db) }
                    if migration == foldedWords { try foldWords(db) }
                } catch let StoreError.sqlite(_, reason) {
                    // The tables are not those of the version the file claims (a hand-set
                    // user_version, say): SQLite's own words alone would not say so. Thrown
                    // inside the transaction, so nothing of the migration stays.
                    throw StoreError.notAStore(path: db.path, reason: "damaged: its tables do not match the schema "
                        + "version \(start) it claims: \(reason)")
                }
            }
            try db.execute("PRAGMA user_version = \(currentVersion)")
            try db.execute("PRAGMA application_id = \(applicationID)")
        }
    }
}
