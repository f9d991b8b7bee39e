/// `watch` with no wait between runs: transcripts, whose clock stands still anyway.
public final class ImmediatePacer: WatchPacer {
    public init() {}

    public var drawsInPlace: Bool { false }
    public func begin() {}
    public func end() {}
    public var columns: Int? { nil }
    public func wait(_ seconds: Double) -> WatchWake { .due }
}
