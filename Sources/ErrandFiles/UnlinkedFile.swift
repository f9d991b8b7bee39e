import CProcessGuard
#if canImport(Glibc)
import Glibc
#endif

/// A scratch file no one else can open: made in the temporary folder, unlinked at once, and
/// close-on-exec from the moment it exists (a helper spawned by another thread in between
/// would otherwise keep it). Spooled downloads and a helper's stderr live in one.
public enum UnlinkedFile {
    /// `$TMPDIR` when it is an absolute path, else /tmp.
    public static var temporaryFolder: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), value.hasPrefix("/") else { return "/tmp" }
        return value
    }

    /// The descriptor, or -1 with errno set. `prefix` names the file while it has a name, for
    /// whoever lists the folder in that instant.
    public static func make(prefix: String, in folder: String = temporaryFolder) -> Int32 {
        var template = Array((folder + "/" + prefix + "-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { cprocess_mkstemp_cloexec($0) } ?? -1 }
        guard fd >= 0 else { return -1 }
        template.withUnsafeBufferPointer { if let path = $0.baseAddress { _ = unlink(path) } }
        return fd
    }
}
