import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a built program is older than the sources it is built from, so a test never runs
/// a stale binary (one `swift build` behind an edit) and passes on old code.
enum BuildFreshness {
    /// Source folders errand does not link (the helpers, their libraries, the test support):
    /// an edit there leaves errand unlinked, and so older, without making it stale.
    static let notInErrand: Set<String> = [
        "errand-fetch", "errand-picture", "errand-ical", "ErrandNetwork", "ErrandPicture", "ErrandICal",
        "ErrandTestSupport", "CChafa", "CTurboJPEG", "CPNG", "CLibical", "CCurl",
    ]

    /// The checkout's Sources/ (this file is Sources/ErrandTestSupport/BuildFreshness.swift).
    static let sources: String = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { root.deleteLastPathComponent() }
        return root.path
    }()

    /// errand's Swift sources newer than `time`, each with its target (its folder's name).
    static func sources(newerThan time: timespec) -> [(target: String, path: String)] {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: sources) else { return [] }
        var found: [(target: String, path: String)] = []
        for folder in folders.sorted() where !notInErrand.contains(folder) {
            guard let walk = manager.enumerator(atPath: sources + "/" + folder) else { continue }
            while let relative = walk.nextObject() as? String {
                let path = sources + "/" + folder + "/" + relative
                guard relative.hasSuffix(".swift"), let changed = modified(path), later(changed, than: time) else { continue }
                found.append((folder, path))
            }
        }
        return found
    }

    static func modified(_ path: String) -> timespec? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return info.st_mtim
    }

    static func later(_ a: timespec, than b: timespec) -> Bool {
        a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec > b.tv_nsec
    }

    /// The first source edited since `binary` was built, relative to the checkout; nil when it
    /// is up to date. A source newer than the binary was still built if the compiler ran on it
    /// since (its TARGET.build/NAME.d beside the binary is newer): an edit that changed nothing
    /// (a touch, a stash popped) compiles to the same object, and the binary is not relinked.
    static func newerSource(than binary: String) -> String? {
        guard let built = modified(binary) else { return nil }
        let products = (binary as NSString).deletingLastPathComponent
        for (target, path) in sources(newerThan: built) {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let compiled = modified(products + "/" + target + ".build/" + name + ".d")
            if let compiled, let changed = modified(path), later(compiled, than: changed) { continue }
            return "Sources" + path.dropFirst(sources.count)
        }
        return nil
    }
}
