@testable import ErrandCatalogue
import Foundation
import Testing

/// The image cache: private files in private folders, bounded in size, least recently shown
/// dropped first, and nothing planted in the folder followed.
@Suite struct ImageCacheTests {
    let root = NSTemporaryDirectory() + "errand-image-cache-" + UUID().uuidString

    func cache(max: Int) -> ImageCache { ImageCache(directory: root + "/cache/errand/images", maxBytes: max) }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func aStoredPhotoIsFoundAgainInAPrivateFile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let images = cache(max: 1 << 20)
        #expect(images.cached("http://x/a.jpg") == nil)
        let path = try images.store(Data([1, 2, 3]), for: "http://x/a.jpg")
        #expect(images.cached("http://x/a.jpg") == path)
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        #expect(mode(path) == 0o600)
        #expect(mode(root + "/cache/errand/images") == 0o700 && mode(root + "/cache/errand") == 0o700)
        // Another URL, another file; the URL is not in the name.
        let other = try images.store(Data([4]), for: "http://x/b.jpg?size=1/../../etc")
        #expect(other != path && !other.contains("etc") && other.hasPrefix(root + "/cache/errand/images/"))
        images.remove("http://x/a.jpg")
        #expect(images.cached("http://x/a.jpg") == nil)
    }

    /// Sets a file's time (what the cache orders by) to `seconds` after 1970: the order of
    /// uses is then the test's, not the file system's clock ticks (two writes within one tick
    /// share a time).
    func setUsed(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0, "\(path)")
    }

    @Test func pastTheBoundTheLeastRecentlyShownGoFirst() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let images = cache(max: 3_000)
        let kilobyte = Data(repeating: 7, count: 1_000)
        for (order, name) in ["a", "b", "c"].enumerated() {
            setUsed(try images.store(kilobyte, for: "http://x/\(name)"), seconds: 1_000 + order)
        }
        // Showing "a" again (now, long after 1970) makes "b" the oldest.
        #expect(images.cached("http://x/a") != nil)
        try images.store(kilobyte, for: "http://x/d")
        #expect(images.cached("http://x/b") == nil)
        for name in ["a", "c", "d"] { #expect(images.cached("http://x/\(name)") != nil, "\(name)") }
        let total = images.usage().reduce(0) { $0 + $1.size }
        #expect(total <= 3_000)
        // A photo larger than the whole bound is still kept (alone), so it can be shown.
        try images.store(Data(repeating: 1, count: 5_000), for: "http://x/big")
        #expect(images.cached("http://x/big") != nil)
        #expect(images.usage().count == 1)
    }

    @Test func aLinkPlantedAtTheNameIsNotFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let images = cache(max: 1 << 20)
        try images.store(Data([0]), for: "http://x/first")
        let victim = root + "/victim"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        let target = images.path(for: "http://x/a")
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: victim)
        #expect(images.cached("http://x/a") == nil, "a link is not a cached photo")
        _ = try? images.store(Data([9, 9]), for: "http://x/a")
        #expect(FileManager.default.contents(atPath: victim) == Data("keep".utf8))
    }
}
