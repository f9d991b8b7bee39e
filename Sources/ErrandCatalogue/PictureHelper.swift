import Dispatch
import ErrandDomain
import ErrandFiles
import ErrandHelpers
import ErrandStorage
import FoundationEssentials
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
        self.helperPath = helperPath ?? HelperPath.find("errand-picture", unless: "ERRAND_PICTURE")
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

    /// Four downloads at a time, each worker on a serial queue of its own (so it gets a thread
    /// of its own, however many cores there are): each is a helper process waiting on the
    /// network, and one at a time left 40 ms a photo on loopback, most of it waiting. Progress
    /// is reported from this thread, once a photo, as the workers finish them.
    public func prefetch(_ urls: [String], progress: (Int, Int) -> Void) -> PrefetchOutcome {
        let state = PrefetchState()
        let stepped = DispatchSemaphore(value: 0)
        // The workers touch the cache only under the state's lock.
        nonisolated(unsafe) let helper = self
        for worker in 0..<min(PictureHelper.prefetchWorkers, urls.count) {
            DispatchQueue(label: "errand.prefetch.\(worker)").async {
                helper.prefetchWorker(urls, state: state, stepped: stepped)
            }
        }
        for done in urls.indices {
            stepped.wait()
            progress(done + 1, urls.count)
        }
        return state.outcome
    }

    func prefetchWorker(_ urls: [String], state: PrefetchState, stepped: DispatchSemaphore) {
        while let i = state.take(below: urls.count) {
            let url = urls[i]
            // Ctrl-C reached a download (its helper died with SIGINT): the rest is not asked for.
            if state.isCancelled {
                state.recordSkipped()
                stepped.signal()
                continue
            }
            let host = URL(string: url)?.host?.lowercased()
            if state.locked({ cache.cached(url) != nil }) {
                state.record(cached: true, failure: nil)
            } else if let host, state.isUnreachable(host) {
                // Offline, 297 photos failed one by one for 52 s ("unknown host" each time):
                // a host that could not be reached is not asked again in this run.
                state.recordSkipped()
            } else {
                do {
                    try download(url, keeping: state)
                    state.record(cached: false, failure: nil)
                } catch {
                    if let host, error.unreachable { state.markUnreachable(host) }
                    if error.cancelled { state.cancel() }
                    state.record(cached: false, failure: error.description)
                }
            }
            stepped.signal()
        }
    }

    static let prefetchWorkers = 4

    /// Downloads without holding the lock; stores holding it (the cache keeps a running total).
    func download(_ url: String, keeping state: PrefetchState) throws(PictureFailure) {
        let data = try fetch(url)
        do {
            try state.locked { () throws(FileFailure) in _ = try cache.store(data, for: url) }
        } catch {
            throw PictureFailure("cannot keep it in the image cache: \(error)")
        }
    }

    /// The cached file, downloading it first when needed; a photo on disk (beside a catalogue
    /// read from disk: PhotoAddress) is drawn where it is, never copied into the cache.
    func file(for url: String) throws(PictureFailure) -> String {
        if let parsed = URL(string: url), parsed.isFileURL { return try local(parsed) }
        if let path = cache.cached(url) { return path }
        let data = try fetch(url)
        do {
            return try cache.store(data, for: url)
        } catch {
            throw PictureFailure("cannot keep it in the image cache: \(error)")
        }
    }

    /// A photo file's path, if it is a plain file within the download's size limit.
    func local(_ url: URL) throws(PictureFailure) -> String {
        let path = url.path
        switch FileKind(path: path) {
        case nil: throw PictureFailure("\(TextSafety.neutralised(path)): no such file")
        case let .regular(size)?:
            guard size <= PictureHelper.limits.maxBytes else {
                throw PictureFailure("\(TextSafety.neutralised(path)) is larger than \(PictureHelper.limits.maxBytes >> 20) MB")
            }
            return path
        case _?: throw PictureFailure("\(TextSafety.neutralised(path)) is not a plain file")
        }
    }

    /// The photo's bytes from the network. Only http and https: a catalogue must not be able
    /// to copy a local file into the cache by naming it as a photo.
    func fetch(_ url: String) throws(PictureFailure) -> Data {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
            throw PictureFailure(PhotoAddress.notWeb)
        }
        do {
            return try fetcher.fetch(parsed)
        } catch .cancelled {
            throw PictureFailure(CatalogueError.cancelled.description, cancelled: true)
        } catch let .unreachable(url, reason) {
            throw PictureFailure(CatalogueError.unreachable(url: url, reason: reason).description, unreachable: true)
        } catch let .contentType(url, type) {
            throw PictureFailure("\(url) sent \(type), not an image")
        } catch let .status(url, code) {
            throw PictureFailure("\(url) answered HTTP \(code)")
        } catch {
            throw PictureFailure(error.description)
        }
    }

    func draw(_ path: String) -> PictureRun {
        let size = size()
        var arguments = [helperPath, "--columns", String(min(max(size.columns, 1), 1_000)),
                         "--rows", String(min(max(size.rows, 1), 500))]
        if let width = size.cellWidth, let height = size.cellHeight, (1...100).contains(width), (1...200).contains(height) {
            arguments += ["--cell", "\(width)x\(height)"]
        }
        return PictureRun(arguments + [path], timeout: timeout, outputLimit: PictureHelper.outputLimit)
    }
}

/// Why a photo could not be had, as the line shown in its place.
struct PictureFailure: Error, CustomStringConvertible {
    var description: String
    /// The host could not be reached at all (unknown, refused): not worth asking again.
    var unreachable = false
    /// Ctrl-C ended the download: the person wants the command to stop.
    var cancelled = false
    init(_ description: String, unreachable: Bool = false, cancelled: Bool = false) {
        self.description = description
        self.unreachable = unreachable
        self.cancelled = cancelled
    }
}
