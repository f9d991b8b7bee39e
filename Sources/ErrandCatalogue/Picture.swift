/// An ad's photo as the terminal shows it: the text the picture helper drew (escape sequences
/// and all, written as it is), or the one line said in its place.
public enum Picture: Equatable, Sendable {
    case drawn(String)
    case unavailable(String)
}

/// Where the shell gets photos from; nil in the environment where none are drawn (scripts,
/// pipes, tests).
public protocol PictureSource: AnyObject {
    /// The photo at `url`, from the cache or downloaded, drawn for the terminal.
    func picture(for url: String) -> Picture
    /// Downloads the photos not cached yet; `progress(done, total)` after each.
    func prefetch(_ urls: [String], progress: (Int, Int) -> Void) -> PrefetchOutcome
}

/// What `sync --images` did.
public struct PrefetchOutcome: Equatable, Sendable {
    public var fetched = 0
    public var cached = 0
    public var failed = 0
    /// Not asked for: their host could not be reached earlier in the run (unreachableHosts),
    /// or Ctrl-C stopped the run (`cancelled`).
    public var skipped = 0
    public var unreachableHosts: [String] = []
    public var cancelled = false
    /// The first failure, as the line that says why.
    public var firstFailure: String?

    public init() {}
}
