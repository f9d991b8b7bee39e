import CSQLite

/// Checkpoints at idle time. SQLite copies the WAL back into the database (and fsyncs it) in
/// the commit that takes the WAL past 1,000 frames: at 1,000,000 items that made one change in
/// a hundred take 20-170 ms instead of 1 (bench figure 2's p99). With the hook below the commit
/// only counts the frames, and the shell checkpoints once a command's output is written and
/// before it reads the next line (`ItemStore.idle`), when nobody waits for it. Far past that
/// size (a program that never idles) the commit checkpoints as SQLite would.
extension SQLiteConnection {
    static let idleCheckpointFrames: Int32 = 1_000
    static let inlineCheckpointFrames: Int32 = 20_000

    func deferCheckpoints() {
        guard let db = handle else { return }
        walFrames.pointee = 0
        sqlite3_wal_hook(db, { context, connection, _, frames in
            context?.assumingMemoryBound(to: Int32.self).pointee = frames
            if frames >= SQLiteConnection.inlineCheckpointFrames {
                sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            return SQLITE_OK
        }, walFrames)
    }

    /// A passive checkpoint (it waits for no reader or writer) when the WAL has grown enough;
    /// never inside a batch, whose transaction is still open.
    func checkpointIfDue() {
        guard !inBatch, walFrames.pointee >= SQLiteConnection.idleCheckpointFrames, let db = handle else { return }
        sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        walFrames.pointee = 0
    }
}
