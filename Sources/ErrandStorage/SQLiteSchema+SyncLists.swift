extension SQLiteSchema {
    /// The conflicts syncs resolved (KeptConflict): each version as the property-list store
    /// writes an item (PlistItem), in JSON; `fields` a JSON array. A handful, read whole.
    static let syncConflicts = """
        CREATE TABLE sync_conflict (
            id INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            list TEXT,
            item TEXT NOT NULL,
            title TEXT NOT NULL,
            kind TEXT NOT NULL,
            fields TEXT NOT NULL,
            server_won INTEGER NOT NULL,
            here TEXT,
            there TEXT,
            seen INTEGER NOT NULL DEFAULT 0,
            decided TEXT
        );
        """

    /// Lists that sync with collections of their own (SyncList), beside the main list's
    /// sync_remote and sync_item, which stay as they were: an old store migrates with nothing
    /// rewritten. An entry is per list and item, so an item moved between two synced lists has
    /// one in each until the server holds it in the new collection only. The triggers mark the
    /// entries of the list an item is in and of the one it left, as sync_item's do for the
    /// main list; they find the list by the item's folded list name (list_keys) and do nothing
    /// while no list is joined. The main list's remote gains the display name discovery
    /// found for it (SyncRemote.name). Self-contained: its own tables and triggers, one column.
    static let syncLists = """
        ALTER TABLE sync_remote ADD COLUMN name TEXT;
        CREATE TABLE sync_list (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            url TEXT NOT NULL,
            token TEXT,
            ctag TEXT,
            last_sync INTEGER,
            last_result TEXT,
            last_failure_at INTEGER,
            last_failure TEXT
        ) WITHOUT ROWID;
        CREATE TABLE sync_list_item (
            list TEXT NOT NULL,
            item TEXT NOT NULL,
            href TEXT,
            etag TEXT,
            base TEXT,
            pending INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            PRIMARY KEY (list, item),
            UNIQUE (list, href)
        ) WITHOUT ROWID;
        CREATE INDEX sync_list_item_pending ON sync_list_item (list, item) WHERE pending = 1;
        CREATE INDEX sync_list_item_item ON sync_list_item (item);
        CREATE TRIGGER item_sync_list_insert AFTER INSERT ON item
        WHEN NEW.list_keys IS NOT NULL AND EXISTS (SELECT 1 FROM sync_list) BEGIN
            INSERT INTO sync_list_item (list, item, pending, deleted)
                SELECT key, NEW.uuid, 1, 0 FROM sync_list WHERE key = json_extract(NEW.list_keys, '$[0]')
            ON CONFLICT (list, item) DO UPDATE SET pending = 1, deleted = 0;
        END;
        CREATE TRIGGER item_sync_list_update AFTER UPDATE ON item
        WHEN (NEW.list_keys IS NOT NULL OR OLD.list_keys IS NOT NULL) AND EXISTS (SELECT 1 FROM sync_list) BEGIN
            INSERT INTO sync_list_item (list, item, pending, deleted)
                SELECT key, NEW.uuid, 1, 0 FROM sync_list
                WHERE key IN (json_extract(NEW.list_keys, '$[0]'), json_extract(OLD.list_keys, '$[0]'))
            ON CONFLICT (list, item) DO UPDATE SET pending = 1, deleted = 0;
        END;
        CREATE TRIGGER item_sync_list_delete AFTER DELETE ON item
        WHEN EXISTS (SELECT 1 FROM sync_list_item WHERE item = OLD.uuid) BEGIN
            DELETE FROM sync_list_item WHERE item = OLD.uuid AND href IS NULL;
            UPDATE sync_list_item SET pending = 1, deleted = 1 WHERE item = OLD.uuid;
        END;
        """

    /// Each list items carry (every one but the main list, whose items carry none), with its
    /// open and total counts, kept by triggers: Tab and `lists` read these rows, never the
    /// items (reading 100,000 items for a Tab took seconds). The spelling kept is the first
    /// item's (a later one spelt otherwise, `work` for `Work`, counts under it), until the
    /// list holds nothing. Self-contained: its table and triggers.
    static let listTally = """
        CREATE TABLE list_tally (key TEXT PRIMARY KEY, name TEXT NOT NULL, open INTEGER NOT NULL, total INTEGER NOT NULL)
            WITHOUT ROWID;
        INSERT INTO list_tally (key, name, open, total)
            SELECT key, name, open, total FROM (
                SELECT json_extract(list_keys, '$[0]') AS key, json_extract(list, '$[0]') AS name, sum(done = 0) AS open,
                    count(*) AS total, min(id) FROM item WHERE list_keys IS NOT NULL GROUP BY 1);
        CREATE TRIGGER item_list_tally_insert AFTER INSERT ON item WHEN NEW.list_keys IS NOT NULL BEGIN
            INSERT INTO list_tally (key, name, open, total)
            VALUES (json_extract(NEW.list_keys, '$[0]'), json_extract(NEW.list, '$[0]'), NEW.done = 0, 1)
            ON CONFLICT (key) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        CREATE TRIGGER item_list_tally_delete AFTER DELETE ON item WHEN OLD.list_keys IS NOT NULL BEGIN
            UPDATE list_tally SET open = open - (OLD.done = 0), total = total - 1 WHERE key = json_extract(OLD.list_keys, '$[0]');
            DELETE FROM list_tally WHERE key = json_extract(OLD.list_keys, '$[0]') AND total <= 0;
        END;
        CREATE TRIGGER item_list_tally_update AFTER UPDATE OF list, list_keys, done ON item
        WHEN OLD.list_keys IS NOT NEW.list_keys OR OLD.done IS NOT NEW.done BEGIN
            UPDATE list_tally SET open = open - (OLD.done = 0), total = total - 1 WHERE key = json_extract(OLD.list_keys, '$[0]');
            DELETE FROM list_tally WHERE key = json_extract(OLD.list_keys, '$[0]') AND total <= 0;
            INSERT INTO list_tally (key, name, open, total)
            SELECT json_extract(NEW.list_keys, '$[0]'), json_extract(NEW.list, '$[0]'), NEW.done = 0, 1
            WHERE NEW.list_keys IS NOT NULL
            ON CONFLICT (key) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        """
}
