/// The migrations of the undo journal's own tables, apart from the schema's list.
extension SQLiteSchema {
    /// Which journal entries are undone (redo applies them). Flipping the row's `undone`
    /// column made SQLite read and write the whole row again, its changes included: undo of a
    /// 500,000-item import held 200 MB of changes twice (419 MB). The column stays, no longer
    /// read (dropping it would rewrite every entry); the marks it held move here.
    static let journalUndoMarks = """
        CREATE TABLE journal_undo (id INTEGER PRIMARY KEY);
        INSERT INTO journal_undo (id) SELECT id FROM journal WHERE undone = 1;
        DROP INDEX journal_undone;
        """
}
