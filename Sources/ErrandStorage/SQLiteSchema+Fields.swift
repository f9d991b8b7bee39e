/// The migrations that add declared fields (ItemField): their columns, indexes and triggers,
/// apart from the schema's older tables so each field's SQL stands beside its reasons.
extension SQLiteSchema {
    /// The start as its ISO text, which sorts as it falls (DayTime). An item with a start and
    /// no due day keeps its start day in `due`, marked by `due_is_start`, so the day lists,
    /// the tallies and their indexes list it on that day with no query of its own.
    /// item_unstarted found the open items of a day that have a start, for week counts that
    /// left out those not started yet; since foldedWords they count, and the index is gone.
    static let startDates = """
        ALTER TABLE item ADD COLUMN start TEXT;
        ALTER TABLE item ADD COLUMN due_is_start INTEGER;
        CREATE INDEX item_unstarted ON item (due, start) WHERE done = 0 AND start IS NOT NULL;
        """

    /// The status word beside `done` (ItemField.status) and the progress as a number
    /// (ItemField.progress). No index: `is:started`, `is:cancelled` and `progress:` test the
    /// rows the rest of a query reads, and alone they read the list as `is:repeating` does.
    static let itemStatus = """
        ALTER TABLE item ADD COLUMN progress INTEGER;
        ALTER TABLE item ADD COLUMN status TEXT;
        """

    /// Priority as a number; tags as the JSON array of the words as typed, and `tag_keys` as
    /// the array of their folded forms (ItemField.key), in the same order. Triggers keep
    /// item_tag, one row per tag of each item (folded key, item, word), so `find #home` and
    /// `tags` read an index instead of every row; the folding is Swift's (TextFolding), so
    /// the keys are written beside the words rather than computed in SQL.
    static let declaredFields = """
        ALTER TABLE item ADD COLUMN priority INTEGER;
        ALTER TABLE item ADD COLUMN tags TEXT;
        ALTER TABLE item ADD COLUMN tag_keys TEXT;
        CREATE TABLE item_tag (
            key TEXT NOT NULL,
            item INTEGER NOT NULL,
            word TEXT NOT NULL,
            PRIMARY KEY (key, item)
        ) WITHOUT ROWID;
        CREATE INDEX item_tag_item ON item_tag (item);
        \(firstTagTriggers)
        CREATE TRIGGER item_tag_delete AFTER DELETE ON item WHEN OLD.tag_keys IS NOT NULL BEGIN
            DELETE FROM item_tag WHERE item = OLD.id;
        END;
        DROP INDEX item_day_order;
        CREATE INDEX item_day_order ON item (due, done, due_time IS NULL, due_time, priority IS NULL, priority, seq);
        DROP INDEX item_todo_order;
        CREATE INDEX item_todo_order ON item (due, due_time IS NULL, due_time, priority IS NULL, priority, seq)
            WHERE done = 0;
        """

    /// The tag triggers as the fields' migration wrote them (before tagFacets), which a store
    /// rolled back past the facets has again.
    static let firstTagTriggers = """
        CREATE TRIGGER item_tag_insert AFTER INSERT ON item WHEN NEW.tag_keys IS NOT NULL BEGIN
            INSERT OR IGNORE INTO item_tag (key, item, word)
                SELECT k.value, NEW.id, w.value FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key;
        END;
        CREATE TRIGGER item_tag_update AFTER UPDATE OF tags, tag_keys ON item
        WHEN OLD.tag_keys IS NOT NEW.tag_keys OR OLD.tags IS NOT NEW.tags BEGIN
            DELETE FROM item_tag WHERE item = OLD.id;
            INSERT OR IGNORE INTO item_tag (key, item, word)
                SELECT k.value, NEW.id, w.value FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key
                WHERE NEW.tag_keys IS NOT NULL;
        END;
        """

    /// The tag triggers as tagFacets wrote them (before tagOrder), which a store rolled back
    /// past the tags' order has again.
    static let facetTriggers = """
        CREATE TRIGGER item_tag_insert AFTER INSERT ON item WHEN NEW.tag_keys IS NOT NULL BEGIN
            INSERT OR IGNORE INTO item_tag (key, item, word, due, done, priority)
                SELECT k.value, NEW.id, w.value, NEW.due, NEW.done, NEW.priority
                FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key;
        END;
        CREATE TRIGGER item_tag_update AFTER UPDATE OF tags, tag_keys ON item
        WHEN OLD.tag_keys IS NOT NEW.tag_keys OR OLD.tags IS NOT NEW.tags BEGIN
            DELETE FROM item_tag WHERE item = OLD.id;
            INSERT OR IGNORE INTO item_tag (key, item, word, due, done, priority)
                SELECT k.value, NEW.id, w.value, NEW.due, NEW.done, NEW.priority
                FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key
                WHERE NEW.tag_keys IS NOT NULL;
        END;
        CREATE TRIGGER item_tag_facets AFTER UPDATE OF due, done, priority ON item
        WHEN NEW.tag_keys IS NOT NULL
            AND (OLD.due IS NOT NEW.due OR OLD.done IS NOT NEW.done OR OLD.priority IS NOT NEW.priority) BEGIN
            UPDATE item_tag SET due = NEW.due, done = NEW.done, priority = NEW.priority WHERE item = NEW.id;
        END;
        """

    /// The reminders' and the last rung's canonical texts as JSON arrays; `remind_next` the
    /// local minute the next one rings (TodoItem.nextReminderMinute), NULL when none will, so
    /// the partial index holds only items with a reminder to come and `remind` with nothing
    /// to ring reads one entry of it.
    static let reminderFields = """
        ALTER TABLE item ADD COLUMN reminders TEXT;
        ALTER TABLE item ADD COLUMN reminded TEXT;
        ALTER TABLE item ADD COLUMN remind_next INTEGER;
        CREATE INDEX item_remind_next ON item (remind_next) WHERE remind_next IS NOT NULL;
        """

    /// A snooze's canonical moment (ItemField.snoozed); remind_next counts it.
    static let snoozeField = """
        ALTER TABLE item ADD COLUMN snoozed TEXT;
        """

    /// The list's name and its folded key (a words field of one word); the partial index finds
    /// a list other than the main one without reading the main list's rows.
    static let listField = """
        ALTER TABLE item ADD COLUMN list TEXT;
        ALTER TABLE item ADD COLUMN list_keys TEXT;
        CREATE INDEX item_list ON item (json_extract(list_keys, '$[0]'), done) WHERE list_keys IS NOT NULL;
        """

    /// The parent's UID as its text; item_parent finds a parent's children (opening a parent
    /// with 1,000 of them, checking or swiping its subtree) without reading any other item.
    static let parentField = """
        ALTER TABLE item ADD COLUMN parent TEXT;
        CREATE INDEX item_parent ON item (parent, done) WHERE parent IS NOT NULL;
        """

    /// Each tag's row carries its item's day, state and priority (kept by the triggers), and
    /// item_tag_facet orders a tag's rows by them: a query of tags and those terms
    /// (`#home due:<+7d`, `priority:high is:open -#work`) is counted from one range of the
    /// index (SQLiteFacetCount), where reading the items themselves cost one row lookup per
    /// tagged item (50 ms for a tag on 30,000 of 1,000,000 items). priority_count tallies the
    /// items per priority and state, as day_count per day, so `priority:high is:open` is read
    /// from a row, not from 67,000 entries of item_priority.
    static let tagFacets = """
        ALTER TABLE item_tag ADD COLUMN due INTEGER;
        ALTER TABLE item_tag ADD COLUMN done INTEGER;
        ALTER TABLE item_tag ADD COLUMN priority INTEGER;
        UPDATE item_tag SET (due, done, priority) = (SELECT due, done, priority FROM item WHERE id = item_tag.item);
        CREATE INDEX item_tag_facet ON item_tag (key, due, done, priority);
        DROP TRIGGER item_tag_insert;
        DROP TRIGGER item_tag_update;
        \(facetTriggers)
        CREATE TABLE priority_count (
            priority INTEGER PRIMARY KEY,
            open INTEGER NOT NULL,
            total INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO priority_count (priority, open, total)
            SELECT priority, sum(done = 0), count(*) FROM item WHERE priority IS NOT NULL GROUP BY priority;
        CREATE TRIGGER item_priority_insert AFTER INSERT ON item WHEN NEW.priority IS NOT NULL BEGIN
            INSERT INTO priority_count (priority, open, total) VALUES (NEW.priority, NEW.done = 0, 1)
            ON CONFLICT (priority) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        CREATE TRIGGER item_priority_delete AFTER DELETE ON item WHEN OLD.priority IS NOT NULL BEGIN
            UPDATE priority_count SET open = open - (OLD.done = 0), total = total - 1 WHERE priority = OLD.priority;
        END;
        CREATE TRIGGER item_priority_update AFTER UPDATE OF priority, done ON item
        WHEN OLD.priority IS NOT NEW.priority OR OLD.done IS NOT NEW.done BEGIN
            UPDATE priority_count SET open = open - (OLD.done = 0), total = total - 1 WHERE priority = OLD.priority;
            INSERT INTO priority_count (priority, open, total) SELECT NEW.priority, NEW.done = 0, 1
            WHERE NEW.priority IS NOT NULL
            ON CONFLICT (priority) DO UPDATE SET open = open + (NEW.done = 0), total = total + 1;
        END;
        """

    /// The open items that repeat, by due day: the week and a day read the series whose later
    /// occurrences fall on them from this index alone (a few rows), not from a store's worth
    /// of items due before the day.
    static let openSeries = """
        CREATE INDEX item_open_series ON item (due) WHERE done = 0 AND repeat_rule IS NOT NULL;
        """
}
