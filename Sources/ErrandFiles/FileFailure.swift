#if canImport(Glibc)
import Glibc
#endif

/// Why a file or folder could not be made or written, as one line naming it. Each layer
/// above turns it into its own error (a store's, the history's) without rewording it.
public struct FileFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// `doing` plus the system's word for the current errno, e.g. "cannot write there (Permission denied)".
    static func system(_ path: String, _ doing: String, errno code: Int32 = errno) -> FileFailure {
        FileFailure(path: path, reason: "\(doing) (\(String(cString: strerror(code))))")
    }

    /// What a name planted in a shared folder looks like to us: it is never followed.
    public static func link(_ path: String) -> FileFailure {
        FileFailure(path: path, reason: "is a symbolic link, and Errand never follows one to a file it creates, locks or "
            + "writes beside a store (remove it if you did not make it)")
    }
}
