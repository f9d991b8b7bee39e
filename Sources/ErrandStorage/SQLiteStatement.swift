import CSQLite
import FoundationEssentials

/// A prepared statement, reset before each use so the connection can cache it.
final class SQLiteStatement {
    let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    func bind(_ index: Int32, _ value: Int?) {
        bind(index, value.map(Int64.init))
    }

    func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    func bind(_ index: Int32, _ value: String?) {
        if let value {
            // An explicit byte length: a NUL inside the text must not end it early.
            var copy = value
            copy.withUTF8 { bytes in
                _ = bytes.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(handle, index, $0.baseAddress, Int32(bytes.count), csqlite_transient())
                }
            }
        } else {
            sqlite3_bind_null(handle, index)
        }
    }

    /// By parameter name (`:title`), for the statements whose columns are declared
    /// (SQLiteItemColumns). A name the statement does not hold binds nothing.
    func bind(_ name: String, _ value: String?) {
        let index = sqlite3_bind_parameter_index(handle, name)
        if index > 0 { bind(index, value) }
    }

    func bind(_ name: String, _ value: Int64?) {
        let index = sqlite3_bind_parameter_index(handle, name)
        if index > 0 { bind(index, value) }
    }

    func bind(_ name: String, _ value: Int?) { bind(name, value.map(Int64.init)) }

    func bind(_ name: String, _ value: Double?) {
        let index = sqlite3_bind_parameter_index(handle, name)
        if index > 0 { bind(index, value) }
    }

    /// Room for `count` bytes, written later through incremental blob I/O (SQLiteJournalText).
    func bindZeros(_ index: Int32, count: Int) {
        sqlite3_bind_zeroblob64(handle, index, sqlite3_uint64(count))
    }

    /// LIMIT and OFFSET of a paged query, as every backend reads them.
    func bind(_ window: PageWindow, limit: Int32, offset: Int32) {
        bind(limit, Int64(clamping: window.limit))
        bind(offset, Int64(clamping: window.offset))
    }

    /// true while a row is available.
    func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(rc)
        }
    }

    func run() throws {
        while try step() {}
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// A count summed from a table (total() is a real): a hand-edited row can make it huge,
    /// negative or NaN, where Int(_:) traps, so it is kept within 0...Int.max.
    func tally(_ column: Int32) -> Int { Self.tally(double(column)) }

    static func tally(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        return Int(exactly: value.rounded(.down)) ?? (value >= Double(Int.max) ? Int.max : 0)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// A column's bytes as stored (a BLOB, or a TEXT's UTF-8); nil when NULL.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        guard !isNull(column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let start = sqlite3_column_blob(handle, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    func bind(_ index: Int32, _ value: [UInt8]?) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        _ = value.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
    }

}
