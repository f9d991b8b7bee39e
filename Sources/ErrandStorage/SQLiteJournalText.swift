import CSQLite

/// Writes a journal entry's `changes` into the room its INSERT made (a zeroblob of the exact
/// length), through SQLite's incremental blob I/O, a buffer at a time. The value is stored as
/// a BLOB of UTF-8 JSON; readers take it with sqlite3_column_text, which reads it as it is.
final class SQLiteJournalText {
    private var blob: OpaquePointer?
    private var buffer: [UInt8] = []
    private var offset = 0
    private let path: String
    private let connection: SQLiteConnection
    static let bufferSize = 1 << 18

    init(_ connection: SQLiteConnection, row: Int64, path: String) throws {
        self.connection = connection
        self.path = path
        let (opened, rc) = connection.openBlob("journal", "changes", row: row, writing: true)
        guard let handle = opened else { throw connection.error(rc) }
        blob = handle
        buffer.reserveCapacity(SQLiteJournalText.bufferSize)
    }

    /// A write that failed midway leaves the handle open; the transaction is rolled back anyway.
    deinit {
        if let blob { sqlite3_blob_close(blob) }
    }

    func append(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= SQLiteJournalText.bufferSize { try flush() }
    }

    /// Writes what is left and closes the blob; the bytes must fill the room exactly.
    func finish() throws {
        try flush()
        guard let handle = blob else { return }
        blob = nil
        let size = Int(sqlite3_blob_bytes(handle))
        let rc = sqlite3_blob_close(handle)
        guard rc == SQLITE_OK else { throw connection.error(rc) }
        guard size == offset else {
            throw StoreError.sqlite(path: path, reason: "the undo journal entry came out \(offset) bytes, not \(size)")
        }
    }

    private func flush() throws {
        guard !buffer.isEmpty, let handle = blob else { return }
        guard let start = Int32(exactly: offset), Int32(exactly: offset + buffer.count) != nil else {
            sqlite3_blob_close(handle)
            blob = nil
            throw StoreError.sqlite(path: path, reason: "an undo journal entry over 2 GB")
        }
        let rc = buffer.withUnsafeBytes { sqlite3_blob_write(handle, $0.baseAddress, Int32($0.count), start) }
        if rc != SQLITE_OK {
            sqlite3_blob_close(handle)
            blob = nil
            throw connection.error(rc)
        }
        offset += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
