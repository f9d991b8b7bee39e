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
