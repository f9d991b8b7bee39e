#if canImport(Glibc)
import Glibc
#endif

/// What lstat finds at a name, against what Errand expects to have made there (a folder, a
/// companion file): one reading for both, each caller wording what it means for it.
enum FileInspection: Equatable {
    case missing
    case link
    case otherKind
    case otherOwner
    /// A plain file with more than one name: a hard link, maybe to someone else's file.
    case hardLinked
    case expected

    init(_ path: String, kind: mode_t, owner: uid_t) {
        var info = stat()
        if lstat(path, &info) != 0 {
            self = .missing
        } else if info.st_mode & S_IFMT == S_IFLNK {
            self = .link
        } else if info.st_mode & S_IFMT != kind {
            self = .otherKind
        } else if info.st_uid != owner {
            self = .otherOwner
        } else if kind == S_IFREG, info.st_nlink > 1 {
            self = .hardLinked
        } else {
            self = .expected
        }
    }
}
