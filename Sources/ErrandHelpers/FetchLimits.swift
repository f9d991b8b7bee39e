/// Bounds on what a catalogue download may cost.
public struct FetchLimits: Equatable, Sendable {
    /// Largest body accepted, per document.
    public var maxBytes: Int
    /// Longest silence between two pieces of data.
    public var idleTimeout: Double
    /// Longest whole download.
    public var totalTimeout: Double
    /// What the body must be (a catalogue's JSON unless told).
    public var kind: ContentKind = .json

    /// 256 MB: 100,000 ads shaped like the real API take about 90 MB.
    public init(maxBytes: Int = 256 << 20, idleTimeout: Double = 15, totalTimeout: Double = 120) {
        self.maxBytes = maxBytes
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
    }
}
