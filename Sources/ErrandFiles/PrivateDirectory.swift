import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Making the folders a file goes in (the XDG data and state folders, say): each one made is
/// 0700, and is checked afterwards to be a real folder of ours, since mkdir cannot refuse to
/// follow a link and another user may have raced us to the name.
public enum PrivateDirectory {
    /// Creates the missing folders above `path`; the existing ones are left as they are.
    public static func makeParents(of path: String) throws(FileFailure) {
        var missing: [String] = []
        var current = PathText.folder(of: path)
        var info = stat()
        while !current.isEmpty, current != "/", stat(current, &info) != 0 {
            missing.append(current)
            current = PathText.folder(of: current)
        }
        for folder in missing.reversed() {
            // mkdir's mode is masked by the umask, never widened: 0700 at most.
            if mkdir(folder, 0o700) != 0, errno != EEXIST { throw .system(folder, "cannot create the directory") }
            try checkOwn(folder)
        }
    }

    /// A folder we just made, or found made under us, must be a real folder and ours.
    static func checkOwn(_ folder: String) throws(FileFailure) {
        switch FileInspection(folder, kind: S_IFDIR, owner: geteuid()) {
        case .expected:
            return
        case .missing:
            throw .system(folder, "cannot create the directory")
        case .link:
            throw FileFailure(path: folder, reason: "is a symbolic link to a missing folder, and Errand does not make "
                + "folders through a link (make the folder it points to first, or remove the link)")
        case .otherOwner:
            throw FileFailure(path: folder, reason: "was made by another user just as Errand was making it; "
                + "Errand keeps its files in folders of its own")
        case .otherKind, .hardLinked:
            throw FileFailure(path: folder, reason: "is not a folder")
        }
    }
}
