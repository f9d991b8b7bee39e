/// Ctrl-R's order: the history lines that hold what is typed, best first. A line that starts
/// with it comes before one that holds it further on, which comes before one that holds its
/// letters only in order (`fdo` finds `find due:<+7d is:open`); within each, the most recent
/// first. Letters compare without case. Pure, so it is tested without a terminal.
public enum HistoryRanking {
    /// `newestFirst`: the history, each line once (HistorySuggester.linesNewestFirst).
    public static func ranked(_ typed: String, newestFirst lines: [String], limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let wanted = Array(typed.lowercased().unicodeScalars)
        guard !wanted.isEmpty else { return Array(lines.prefix(limit)) }
        var tiers: [[String]] = [[], [], []]
        for line in lines {
            // The first tier full: nothing later can come before it.
            if tiers[0].count >= limit { break }
            guard let tier = tier(of: Array(line.lowercased().unicodeScalars), for: wanted) else { continue }
            tiers[tier].append(line)
        }
        return Array(tiers.joined().prefix(limit))
    }

    /// 0: the line starts with it; 1: holds it; 2: holds its letters in order; nil: none.
    static func tier(of line: [Unicode.Scalar], for wanted: [Unicode.Scalar]) -> Int? {
        guard line.count >= wanted.count else { return nil }
        if line.starts(with: wanted) { return 0 }
        for start in stride(from: 1, through: line.count - wanted.count, by: 1) where line[start] == wanted[0] {
            if line[start..<(start + wanted.count)].elementsEqual(wanted) { return 1 }
        }
        var next = 0
        for scalar in line where next < wanted.count && scalar == wanted[next] { next += 1 }
        return next == wanted.count ? 2 : nil
    }

    /// Where the typed letters stand in `line` (scalar offsets), for Ctrl-R to show them: the
    /// first place it holds them together, else the first letters that spell them in order.
    static func matched(_ typed: String, in line: String) -> Set<Int> {
        let fold = { (scalar: Unicode.Scalar) in String(scalar).lowercased() }
        let wanted = typed.unicodeScalars.map(fold), have = line.unicodeScalars.map(fold)
        guard !wanted.isEmpty, have.count >= wanted.count else { return [] }
        for start in 0...(have.count - wanted.count) where have[start] == wanted[0] {
            if have[start..<(start + wanted.count)].elementsEqual(wanted) { return Set(start..<(start + wanted.count)) }
        }
        var positions = Set<Int>()
        for (offset, scalar) in have.enumerated() where positions.count < wanted.count && scalar == wanted[positions.count] {
            positions.insert(offset)
        }
        return positions.count == wanted.count ? positions : []
    }
}
