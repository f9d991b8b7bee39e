/// The tags' rows in list order, apart from the schema's list.
extension SQLiteSchema {
    /// Each tag's row carries the rest of its item's list order (its time and sequence, beside
    /// the day, state and priority tagFacets gave it), and two partial indexes hold a tag's
    /// rows in `list`'s order, To do by day, time, priority and as added, Done as checked.
    /// A page of `#garden due:<+7d` is then the first entries of the tag's range
    /// (SQLiteFacetCount.tagRowsPage); walking the list order instead probed every row for
    /// the tag: 1,300 probes for a page of a tag on 3% of the items, 2 ms at 1,000,000.
    /// item_tag_priority counts a tag's rows of some priorities (`priority:high is:open
    /// -#work` counts #work's open high-priority rows) from their own range, where
    /// item_tag_facet, ordered by day first, read all of the tag's rows: 2.3 -> 0.35 ms for
    /// a tag on 30,000 of 1,000,000 items.
    static let tagOrder = """
        ALTER TABLE item_tag ADD COLUMN due_time INTEGER;
        ALTER TABLE item_tag ADD COLUMN seq INTEGER;
        UPDATE item_tag SET (due_time, seq) = (SELECT due_time, seq FROM item WHERE id = item_tag.item);
        CREATE INDEX item_tag_todo ON item_tag (key, due, due_time IS NULL, due_time, priority IS NULL, priority, seq)
            WHERE done = 0;
        CREATE INDEX item_tag_done ON item_tag (key, seq) WHERE done = 1;
        CREATE INDEX item_tag_priority ON item_tag (key, priority, done);
        DROP TRIGGER item_tag_insert;
        DROP TRIGGER item_tag_update;
        DROP TRIGGER item_tag_facets;
        CREATE TRIGGER item_tag_insert AFTER INSERT ON item WHEN NEW.tag_keys IS NOT NULL BEGIN
            INSERT OR IGNORE INTO item_tag (key, item, word, due, done, priority, due_time, seq)
                SELECT k.value, NEW.id, w.value, NEW.due, NEW.done, NEW.priority, NEW.due_time, NEW.seq
                FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key;
        END;
        CREATE TRIGGER item_tag_update AFTER UPDATE OF tags, tag_keys ON item
        WHEN OLD.tag_keys IS NOT NEW.tag_keys OR OLD.tags IS NOT NEW.tags BEGIN
            DELETE FROM item_tag WHERE item = OLD.id;
            INSERT OR IGNORE INTO item_tag (key, item, word, due, done, priority, due_time, seq)
                SELECT k.value, NEW.id, w.value, NEW.due, NEW.done, NEW.priority, NEW.due_time, NEW.seq
                FROM json_each(NEW.tag_keys) k JOIN json_each(NEW.tags) w ON w.key = k.key
                WHERE NEW.tag_keys IS NOT NULL;
        END;
        CREATE TRIGGER item_tag_facets AFTER UPDATE OF due, done, priority, due_time, seq ON item
        WHEN NEW.tag_keys IS NOT NULL
            AND (OLD.due IS NOT NEW.due OR OLD.done IS NOT NEW.done OR OLD.priority IS NOT NEW.priority
                 OR OLD.due_time IS NOT NEW.due_time OR OLD.seq IS NOT NEW.seq) BEGIN
            UPDATE item_tag SET due = NEW.due, done = NEW.done, priority = NEW.priority, due_time = NEW.due_time,
                seq = NEW.seq WHERE item = NEW.id;
        END;
        """
}
