import ErrandDomain

/// One run of `watch` as drawn: its rows and which of them are new since the run before.
struct WatchFrame: Equatable {
    var rows: [String]
    var marked: Set<Int>

    /// Columns taken by the mark before each row (`+ `).
    static let gutter = 2

    /// The rows not shown the run before. A row is known by its text after its number, so a
    /// row that only moved (one above it was checked off elsewhere) is not marked, and the
    /// same text twice counts twice.
    static func changed(_ rows: [String], since earlier: [String]) -> Set<Int> {
        var left: [Substring: Int] = [:]
        for row in earlier { left[key(row), default: 0] += 1 }
        var marked = Set<Int>()
        for (index, row) in rows.enumerated() {
            let key = key(row)
            if let count = left[key], count > 0 {
                left[key] = count - 1
            } else {
                marked.insert(index)
            }
        }
        return marked
    }

    /// The row without its leading number (` 3  Buy milk` is `Buy milk`).
    static func key(_ row: String) -> Substring {
        var rest = row[...].drop { $0 == " " }
        let number = rest.prefix { $0.isASCII && $0.isNumber }
        if !number.isEmpty, rest.dropFirst(number.count).first == " " {
            rest = rest.dropFirst(number.count).drop { $0 == " " }
        }
        return rest
    }

    /// The clock's time of day with seconds, in its zone, for the header: when the run was.
    static func clockText(_ clock: Clock) -> String {
        let seconds = min(max(clock.now.timeIntervalSince1970, Clock.supportedSeconds.lowerBound), Clock.supportedSeconds.upperBound)
        let local = Int((seconds + Double(clock.offset(at: seconds))).rounded(.down))
        let day = ((local % 86_400) + 86_400) % 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return two(day / 3600) + ":" + two(day / 60 % 60) + ":" + two(day % 60)
    }
}
