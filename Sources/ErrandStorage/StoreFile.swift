import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// File-system facts and steps shared by both backends: what is at a path, and the safe file
/// steps of ErrandFiles (private folders, replacing a file whole) with a store's errors.
enum StoreFile {
    /// Checks that an existing store file can be opened for reading; names the problem. One we
    /// may not write is still opened, to be viewed: only its changes are refused (writable).
    static func checkExisting(_ path: String) throws {
        switch FileKind(path: path) {
        case nil:
            return
        case .directory?, .fifo?, .characterDevice?, .blockDevice?, .socket?, .other?:
            throw StoreError.notAStore(path: path, reason: "it is a directory or a special file")
        case let .regular(size)?:
            guard access(path, R_OK) == 0 else {
                throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if size == 0 { throw StoreError.notAStore(path: path, reason: "the file is empty") }
        }
    }

    /// Whether a change may be written to the store at `path` (true while there is no file yet).
    static func writable(_ path: String) -> Bool {
        FileKind(path: path) == nil || access(path, W_OK) == 0
    }

    /// Creates the missing parent directories, each 0700 and checked to be ours (see PrivateDirectory).
    static func makeParentDirectories(of path: String) throws {
        try io { () throws(FileFailure) in try PrivateDirectory.makeParents(of: path) }
    }

    /// The real path to write `path` through: a link to an existing store is followed, a link
    /// to nothing refused (see PrivateFile.resolved).
    static func resolved(_ path: String) throws -> String {
        try io { () throws(FileFailure) in try PrivateFile.resolved(path) }
    }

    /// Replaces the file whole, through a temporary file no planted name can redirect
    /// (see PrivateFile.replace); it keeps its mode, 0600 when new.
    static func replace(_ path: String, with data: Data) throws {
        try io { () throws(FileFailure) in try PrivateFile.replace(path, with: data) }
    }

    /// Runs a file step and words its failure as a store's: the file named, nothing changed.
    static func io<T>(_ body: () throws(FileFailure) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error)
        }
    }
}
