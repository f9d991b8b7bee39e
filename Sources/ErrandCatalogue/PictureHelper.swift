import ErrandDomain
import ErrandFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Photos for the terminal: from the image cache, or downloaded through `errand-fetch` into
/// it, then decoded and drawn by `errand-picture` (beside errand, or `ERRAND_PICTURE`), a
/// process of its own under limits, whose output errand writes as it is. Whatever goes wrong
/// is one line in the photo's place; an image the helper refuses leaves the cache.
public final class PictureHelper: PictureSource {
    public let cache: ImageCache
    public let fetcher: CatalogueFetcher
    public let helperPath: String
    /// Read at each drawing, so a resized terminal gets a photo that fits.
    public var size: () -> PictureSize
    /// Longest wait for a drawing; the helper's own CPU limit is 10 s.
    public var timeout: Double = 15

    /// A photo is small: 16 MB is far past any real one, and a body without end stops there.
    public static let limits: FetchLimits = {
        var limits = FetchLimits(maxBytes: 16 << 20, idleTimeout: 10, totalTimeout: 30)
        limits.kind = .image
        return limits
    }()
    /// The drawing's largest size: kitty's base64 of a full-screen photo is a few MB.
    static let outputLimit = 32 << 20

    public init(cache: ImageCache, downloader: Downloader = HelperDownloader(), helperPath: String? = nil,
                size: @escaping () -> PictureSize) {
        self.cache = cache
        self.fetcher = CatalogueFetcher(limits: PictureHelper.limits, downloader: downloader)
        self.helperPath = helperPath ?? HelperDownloader.besideExecutable("errand-picture", unless: "ERRAND_PICTURE")
        self.size = size
    }

    public func picture(for url: String) -> Picture {
        let path: String
        do {
            path = try file(for: url)
        } catch {
            return .unavailable(error.description)
        }
        let run = draw(path)
        switch run.outcome {
        case .drawn(let text): return .drawn(text)
        case .refused(let reason):
            cache.remove(url)
            return .unavailable(reason)
        case .broken(let reason): return .unavailable(reason)
        }
    }

    public func prefetch(_ urls: [String], progress: (Int, Int) -> Void) -> PrefetchOutcome {
        var outcome = PrefetchOutcome()
        for (i, url) in urls.enumerated() {
            if cache.cached(url) != nil {
                outcome.cached += 1
            } else {
                do {
                    _ = try file(for: url)
                    outcome.fetched += 1
                } catch {
                    outcome.failed += 1
                    if outcome.firstFailure == nil { outcome.firstFailure = error.description }
                }
            }
            progress(i + 1, urls.count)
        }
        return outcome
    }

    /// The cached file, downloading it first when needed. Only http and https: a catalogue
    /// must not be able to copy a local file into the cache by naming it as a photo.
    func file(for url: String) throws(PictureFailure) -> String {
        if let path = cache.cached(url) { return path }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
            throw PictureFailure("the photo's address is not an http or https URL")
        }
        do {
            return try cache.store(try fetcher.fetch(parsed), for: url)
        } catch let CatalogueError.contentType(url, type) {
            throw PictureFailure("\(url) sent \(type), not an image")
        } catch let CatalogueError.status(url, code) {
            throw PictureFailure("\(url) answered HTTP \(code)")
        } catch let error as CatalogueError {
            throw PictureFailure(error.description)
        } catch let error as FileFailure {
            throw PictureFailure("cannot keep it in the image cache: \(error)")
        } catch {
            throw PictureFailure(String(describing: error))
        }
    }

    func draw(_ path: String) -> HelperRun {
        let size = size()
        var arguments = [helperPath, "--columns", String(min(max(size.columns, 1), 1_000)),
                         "--rows", String(min(max(size.rows, 1), 500))]
        if let width = size.cellWidth, let height = size.cellHeight, (1...100).contains(width), (1...200).contains(height) {
            arguments += ["--cell", "\(width)x\(height)"]
        }
        return HelperRun(arguments + [path], timeout: timeout, outputLimit: PictureHelper.outputLimit)
    }
}

/// Why a photo could not be had, as the line shown in its place.
struct PictureFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
