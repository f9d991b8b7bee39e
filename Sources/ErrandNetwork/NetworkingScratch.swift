import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// FoundationNetworking makes folders for its shared cookie store and URL cache at first use
/// ($XDG_DATA_HOME/<the program's folder name>, $XDG_CACHE_HOME/org.swift.foundation.URLCache),
/// following links and with the umask's modes, even for an ephemeral session that never
/// stores anything in them. errand-fetch points both variables at a folder of its own instead
/// (mkdtemp: an unpredictable name, 0700) and removes it when it is done.
public enum NetworkingScratch {
    /// Makes the folder and points the variables at it: call before the first URLSession.
    /// Nil if no folder could be made; Foundation then uses the usual places.
    public static func isolate() -> String? {
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((tmp + "/errand-fetch-XXXXXX").utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) }
        }
        guard let folder else { return nil }
        setenv("XDG_DATA_HOME", folder, 1)
        setenv("XDG_CACHE_HOME", folder, 1)
        return folder
    }

    public static func remove(_ folder: String?) {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
