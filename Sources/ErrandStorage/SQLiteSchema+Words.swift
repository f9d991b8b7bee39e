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
    static let wordPrefixes = """
        DROP TABLE item_text;
        CREATE VIRTUAL TABLE item_text USING fts5(title, notes, place, content='item', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8');
        INSERT INTO item_text (item_text) VALUES ('rebuild');
        """
}
