import ErrandDomain

/// A `.session` file: commands (`$ ` lines) each followed by the output it must produce.
/// `#` lines are comments; `# today: YYYY-MM-DD` pins the clock (default 2026-11-29),
/// `# store: plist` picks the property-list backend and `# columns: N` lays the output out
/// as for a terminal N columns wide (by default it is written as into a pipe: nothing cut).
public struct Transcript: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        public var line: Int
        public var command: String
        public var expected: [String]
    }

    public static let defaultToday = "2026-11-29"

    public var today: String = Transcript.defaultToday
    public var plist = false
    /// As written (the checker reads the number); nil: no terminal, as a script's output.
    public var columns: String?
    public var steps: [Step] = []

    public init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("$ ") {
                steps.append(Step(line: index + 1, command: String(line.dropFirst(2)), expected: []))
            } else if line.hasPrefix("#") {
                let directive = TextSafety.trimmed(String(line.dropFirst()))
                if directive.hasPrefix("today:") {
                    today = TextSafety.trimmed(String(directive.dropFirst(6)))
                } else if directive == "store: plist" {
                    plist = true
                } else if directive.hasPrefix("columns:") {
                    columns = TextSafety.trimmed(String(directive.dropFirst(8)))
                }
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(line)
            }
        }
        for i in steps.indices { steps[i].expected = Transcript.trimmed(steps[i].expected) }
    }

    /// Trailing blank lines and trailing spaces do not count.
    static func trimmed(_ lines: [String]) -> [String] {
        var result = lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        while result.last == "" { result.removeLast() }
        return result
    }

    /// The file text with each step's output replaced (for `check --update`).
    public static func render(original: String, actual: [[String]]) -> String {
        var out: [String] = []
        var step = -1
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix("$ ") {
                step += 1
                out.append(line)
                if step < actual.count { out += actual[step] }
            } else if line.hasPrefix("#") || step < 0 {
                out.append(line)
            } else if line.isEmpty, out.last != "" {
                out.append("")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
