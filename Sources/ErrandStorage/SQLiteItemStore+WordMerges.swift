import CSQLite

/// The full-text index's merges, at idle (SQLiteSchema.wordPrefixes sets FTS5's automerge to
/// 0): after a command that wrote, a bounded step of merging ('merge', 16: 16 pages' worth,
/// and nothing, no write and no fsync, unless a level holds 4 segments), so the segments stay
/// as few as automerge kept them while no command pays for it. At 1,000,000 items (a C loop of
/// 2,000 single-row edits): an edit's p99 29.9 -> 0.31 ms, max 98 -> 20 ms.
///
/// 16 pages, not 2: each step first resumes the merge in progress, about 1.5 ms at 1,000,000
/// items whatever it then writes, so 2 pages a step never finished a merge of large segments
/// while each edit added a small one: 400 edits of notes left 89 segments (a word's rows took
/// 25% longer to walk), against 13 with 16 pages a step and 10 with 64 (Python's sqlite3 on a
/// copy of figure 2's store; the steps' p50 0.7 / 2.5 / 0.4 ms, p99 3.2 / 9.3 / 14.4 ms, the
/// longest 246 / 244 / 266 ms: the end of the large merge, at any size).
///
/// A step grows with what the commands since the last one wrote (a page for every 16 rows
/// changed): FTS5's automerge did work in proportion to what each write flushed, and a fixed
/// 16 pages after a `--single-transaction` script or an import of a million items left 40
/// segments for every later `find` to walk (its p50 at 1,000,000 items 4.5 ms, against 3.8 ms
/// merged). After such a write the step runs until no level holds 4 segments: 4.9 s there, at
/// the end of a script that took six minutes. Rows changed without a word written (a `check`
/// of 100,000 items) flush nothing and so leave nothing to merge.
extension SQLiteItemStore {
    static let pagesPerMerge: Int64 = 16
    static let rowsPerMergedPage: Int64 = 16

    /// The pages one step may write after `written` rows changed.
    static func mergePages(afterWriting written: Int64) -> Int64 {
        max(pagesPerMerge, written / rowsPerMergedPage)
    }

    func mergeWordsIfDue() {
        guard db.committedSinceIdle, !db.inBatch, let handle = db.handle else { return }
        db.committedSinceIdle = false
        // Never waits: another Errand's transaction means this one merges after a later command.
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, 10_000) }
        let before = sqlite3_total_changes64(handle)
        let pages = Self.mergePages(afterWriting: before - db.changesAtMerge)
        if (try? db.execute("INSERT INTO item_text (item_text, rank) VALUES ('merge', \(pages))")) != nil {
            db.changesAtMerge = sqlite3_total_changes64(handle)
            db.changesByMerges += db.changesAtMerge - before
        }
    }
}
