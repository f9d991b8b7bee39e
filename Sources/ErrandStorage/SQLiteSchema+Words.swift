/// The full-text index's prefix indexes, apart from the schema's list.
extension SQLiteSchema {
    /// `find` matches each word as a prefix (`"rent"*`, so `gar` finds `garage`), and FTS5
    /// answers a prefix query by merging the doclists of every term that starts with it into
    /// a buffer before the first row: at 1,000,000 items, a word in 50,000 titles took 5.9 ms
    /// as a prefix and 2.8 ms as a whole term. With a prefix index of the word's length in
    /// characters FTS5 reads one stored doclist instead (3.7 ms). Lengths 2 to 8 hold the
    /// words people type; a longer word is still found, merged as before. The index grows
    /// from 20 to 87 MB at 1,000,000 items (a fifth of the store); rebuilding it there takes
    /// about 9 s, once, and a 10,000-item store's a tenth of a second.
    ///
    /// FTS5 merges its segments inside the writes (`automerge`): at 1,000,000 items one edit in
    /// a hundred took 25-100 ms doing it. Here the writes leave it (`automerge` 0) and the
    /// shell merges at idle, once a command's output is out (SQLiteItemStore.idle), as it
    /// checkpoints; a program that never idles still merges when a level holds 16 segments
    /// (FTS5's crisis merge). The marker row in meta makes the migration refuse to run twice,
    /// so a store claiming an older version than its tables is refused (HostileStoreFileTests).
    static let wordPrefixes = """
        INSERT INTO meta (key, value) VALUES ('word_prefixes', 8);
        DROP TABLE item_text;
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');
        INSERT INTO item_text (item_text) VALUES ('rebuild');
        INSERT INTO item_text (item_text, rank) VALUES ('automerge', 0);
        """
}

extension SQLiteSchema {
    /// FTS5's unicode61 tokenizer lowercases and strips accents but does not case-fold: `Straße`
    /// was indexed as `straße` and `ﬁle` as `ﬁle`, while `find` folds the query (TextFolding:
    /// ß is ss, ﬁ is fi), so `find strasse`, `find stras` and `find file` missed them, which
    /// the property-list store found (issue 47). `words` holds the folded words of an item
    /// whose title, notes or place is not plain ASCII (FoldedWords), as a fourth indexed
    /// column: the index then holds the same words the query is folded to. Filled between
    /// the two halves (foldWords), so no trigger writes the index while it is rebuilt.
    /// The same step drops item_unstarted: the week now counts an item not started yet on its
    /// day, as the day lists it (issue 40), and nothing else read that index.
    static let foldedWords = """
        DROP INDEX item_unstarted;
        ALTER TABLE item ADD COLUMN words TEXT;
        DROP TRIGGER IF EXISTS item_text_insert;
        DROP TRIGGER IF EXISTS item_text_delete;
        DROP TRIGGER IF EXISTS item_text_update;
        DROP TABLE IF EXISTS item_text;
        """

    static let foldedWordsIndex = """
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, words, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');
        CREATE TRIGGER item_text_insert AFTER INSERT ON item BEGIN
            INSERT INTO item_text (rowid, title, notes, place, words) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place, NEW.words);
        END;
        CREATE TRIGGER item_text_delete AFTER DELETE ON item BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place, words)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place, OLD.words);
        END;
        CREATE TRIGGER item_text_update AFTER UPDATE OF title, notes, place, words ON item
        WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes OR OLD.place IS NOT NEW.place
            OR OLD.words IS NOT NEW.words BEGIN
            INSERT INTO item_text (item_text, rowid, title, notes, place, words)
                VALUES ('delete', OLD.id, OLD.title, OLD.notes, OLD.place, OLD.words);
            INSERT INTO item_text (rowid, title, notes, place, words) VALUES (NEW.id, NEW.title, NEW.notes, NEW.place, NEW.words);
        END;
        INSERT INTO item_text (item_text) VALUES ('rebuild');
        INSERT INTO item_text (item_text, rank) VALUES ('automerge', 0);
        """

    /// `words` of every item already stored, then the index made again from them (the
    /// triggers are dropped until then, so nothing writes the index while it is filled).
    static func foldWords(_ db: SQLiteConnection) throws {
        try key(db, "SELECT id, title || char(10) || coalesce(notes, '') || char(10) || coalesce(place, '') FROM item",
                into: "words") { FoldedWords.of($0) }
        try db.execute(foldedWordsIndex)
    }
}
