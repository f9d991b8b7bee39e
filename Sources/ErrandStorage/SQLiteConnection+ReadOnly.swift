import CSQLite
#if canImport(Glibc)
import Glibc
#endif

extension SQLiteConnection {
    /// Opens a store file we may read but not write. A WAL store read with mode=ro makes its
    /// `-shm` and `-wal` files, owned by us, beside someone else's store (which their Errand
    /// then refuses as planted), or fails where we cannot write the folder; so unless a `-wal`
    /// with content is there (changes not yet in the file, which only mode=ro reads through
    /// its existing `-shm`), the file is opened immutable: read as it is, nothing made beside it.
    static func readOnly(path: String, file: String) throws -> SQLiteConnection {
        var info = stat()
        let pendingWAL = stat(file + "-wal", &info) == 0 && info.st_size > 0
        let uri = "file:" + uriEscaped(file) + (pendingWAL ? "?mode=ro" : "?immutable=1")
        return try SQLiteConnection(path: path, file: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
    }

    /// The path as a URI's path: everything but unreserved characters and `/` percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let plain = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E || byte == 0x2F
            if plain {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
