/// What `watch` repeats, checked once when typed: the command's line as written (parsed again
/// for each run, against the listing watch started from), how often, and how many times (nil:
/// until Ctrl-C, only at a terminal).
public struct WatchPlan: Equatable, Sendable {
    public var line: String
    /// The watched command's name, for the header and refusals.
    public var command: String
    public var seconds: Double
    public var count: Int?

    /// Below a tenth of a second a redraw would cost more than the wait; above a day, watch
    /// is not the tool.
    public static let shortest = 0.1
    public static let longest = 86_400.0
    public static let defaultSeconds = 2.0
    public static let maxCount = 100_000

    /// `2` or `0.5`, as typed.
    public static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
