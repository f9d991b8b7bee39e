import CSQLite
import ErrandDomain
import FoundationEssentials

/// Reads a journal entry's `changes` (a JSON array of StoredChange) through SQLite's
/// incremental blob I/O, one change at a time, in either order: undo of an import of 800,000
/// items decoded every change first (834 MB), and the column alone was hundreds of megabytes.
/// A first pass over the bytes finds where each change stands (16 bytes a change); each is
/// then read from its place when it is wanted. SQLiteJournalText writes what this reads.
final class SQLiteJournalReader {
    private var blob: OpaquePointer?
    private let size: Int
    private var offsets: [Int] = []
    private var lengths: [Int32] = []
    private var buffer: [UInt8] = []
    private let connection: SQLiteConnection
    private let path: String
    private let decoder = JSONDecoder()
    static let chunkSize = 1 << 18

    var count: Int { offsets.count }

    init(_ connection: SQLiteConnection, row: Int64, path: String) throws {
        self.connection = connection
        self.path = path
        let (opened, rc) = connection.openBlob("journal", "changes", row: row, writing: false)
        guard let handle = opened else {
            // A NULL or a number where the changes belong reads as the damage it is.
            if rc == SQLITE_ERROR { throw Self.unreadable(path) }
            throw connection.error(rc)
        }
        blob = handle
        size = Int(sqlite3_blob_bytes(handle))
        try scan()
    }

    deinit { close() }

    func close() {
        if let blob { sqlite3_blob_close(blob) }
        blob = nil
    }

    /// Whether the entry's changes are the empty array an irreversible change is journaled as
    /// ('[]'), read through blob I/O: comparing in SQL loads the whole value.
    static func holdsNoChanges(_ connection: SQLiteConnection, row: Int64) throws -> Bool {
        let (opened, rc) = connection.openBlob("journal", "changes", row: row, writing: false)
        guard let handle = opened else {
            if rc == SQLITE_ERROR { return false }
            throw connection.error(rc)
        }
        defer { sqlite3_blob_close(handle) }
        guard sqlite3_blob_bytes(handle) == 2 else { return false }
        var bytes: [UInt8] = [0, 0]
        let read = bytes.withUnsafeMutableBytes { sqlite3_blob_read(handle, $0.baseAddress, 2, 0) }
        guard read == SQLITE_OK else { throw connection.error(read) }
        return bytes == Array("[]".utf8)
    }

    static func unreadable(_ path: String) -> StoreError {
        .notAStore(path: path, reason: "damaged: an undo journal entry cannot be read")
    }

    var unreadable: StoreError { Self.unreadable(path) }

    /// Each change, in the order `step` applies them and oriented as ItemRecords.apply wants
    /// them (undo: last first, before and after swapped).
    func each(_ step: JournalStep, _ body: (ItemChange) throws -> Void) throws {
        switch step {
        case .undo: for index in offsets.indices.reversed() { try body(try change(index).reversed) }
        case .redo: for index in offsets.indices { try body(try change(index)) }
        }
    }

    /// The change at `index`, in the order written.
    func change(_ index: Int) throws -> ItemChange {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: Int(lengths[index])))
        try read(into: &buffer, at: offsets[index])
        let stored: StoredChange
        do {
            stored = try decoder.decode(StoredChange.self, from: Data(buffer))
        } catch {
            throw unreadable
        }
        return try stored.checked(path: path)
    }

    /// The JSON of the change at `index`, as written.
    func bytes(_ index: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(lengths[index]))
        try read(into: &bytes, at: offsets[index])
        return bytes
    }

    private func read(into bytes: inout [UInt8], at offset: Int) throws {
        guard let blob, let start = Int32(exactly: offset), Int32(exactly: offset + bytes.count) != nil else { throw unreadable }
        let rc = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32($0.count), start) }
        guard rc == SQLITE_OK else { throw connection.error(rc) }
    }

    /// Where each element of the array stands, a chunk at a time (JSONValueEnd finds each one's
    /// end). Anything but an array of objects is damage.
    private func scan() throws {
        enum Place { case beforeArray, firstValue, value, inValue, afterValue, afterArray }
        var place = Place.beforeArray
        var element = JSONValueEnd()
        var start = 0
        var chunk: [UInt8] = []
        var base = 0
        while base < size {
            chunk.removeAll(keepingCapacity: true)
            chunk.append(contentsOf: repeatElement(0, count: min(Self.chunkSize, size - base)))
            try read(into: &chunk, at: base)
            try chunk.withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    if place == .inValue {
                        guard let end = element.end(in: bytes, from: i) else { return }
                        guard let length = Int32(exactly: base + end - start) else { throw unreadable }
                        offsets.append(start)
                        lengths.append(length)
                        place = .afterValue
                        i = end
                        continue
                    }
                    let byte = bytes[i]
                    i += 1
                    if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
                    switch place {
                    case .beforeArray:
                        guard byte == UInt8(ascii: "[") else { throw unreadable }
                        place = .firstValue
                    case .firstValue where byte == UInt8(ascii: "]"), .afterValue where byte == UInt8(ascii: "]"):
                        place = .afterArray
                    case .firstValue, .value:
                        guard byte == UInt8(ascii: "{") else { throw unreadable }
                        start = base + i - 1
                        element.begin()
                        place = .inValue
                    case .afterValue:
                        guard byte == UInt8(ascii: ",") else { throw unreadable }
                        place = .value
                    case .inValue, .afterArray:
                        throw unreadable
                    }
                }
            }
            base += chunk.count
        }
        guard place == .afterArray else { throw unreadable }
    }
}
