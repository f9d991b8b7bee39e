@testable import ErrandICal
import ErrandDomain
import ErrandTestSupport
import Foundation
import Testing

/// Issue 42: libical's days for hundreds of seeded random rules, compared with those of
/// python-dateutil's rrule, an engine Errand does not ship; any difference fails with its rule.
/// Each series starts on its rule's own first day on or after a random day (RFC 5545 leaves a
/// start off the rule undefined, and the two engines do differ there).
@Suite(.tags(.process), .fullLane, .enabled(if: DateutilPython.path != nil, "needs python3 with dateutil (Debian's python3-dateutil)"))
struct RuleOracleTests {
    /// For each line `RULE SEEDDAY`: the first day on or after SEEDDAY that the rule (without
    /// its COUNT or UNTIL) falls on, then the rule's first ten days from there, or `none`.
    static let script = """
    import sys
    from datetime import datetime
    from dateutil.rrule import rrulestr
    for line in open(sys.argv[1]):
        rule, seed = line.split()
        open_rule = ";".join(p for p in rule.split(";") if not p.startswith(("COUNT=", "UNTIL=")))
        first = rrulestr(open_rule, dtstart=datetime.strptime(seed, "%Y%m%d")).after(datetime.strptime(seed, "%Y%m%d"), inc=True)
        if first is None:
            print("none")
            continue
        days = []
        for d in rrulestr(rule, dtstart=first):
            days.append(d.strftime("%Y-%m-%d"))
            if len(days) == 10:
                break
        print(first.strftime("%Y-%m-%d"), " ".join(days))
    """

    /// A seeded generator, so a failure names a rule that fails again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// One random rule by the day, as phones and desktop clients write them.
    static func rule(_ g: inout Seeded) -> String {
        let freq = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].randomElement(using: &g) ?? "DAILY"
        var parts = ["FREQ=" + freq]
        if Bool.random(using: &g) { parts.append("INTERVAL=\(Int.random(in: 1...4, using: &g))") }
        let someDays = days.filter { _ in Int.random(in: 0..<3, using: &g) == 0 }
        switch freq {
        case "WEEKLY":
            if !someDays.isEmpty { parts.append("BYDAY=" + someDays.joined(separator: ",")) }
            if Int.random(in: 0..<4, using: &g) == 0 { parts.append("WKST=" + (days.randomElement(using: &g) ?? "MO")) }
        case "MONTHLY", "YEARLY":
            switch Int.random(in: 0..<5, using: &g) {
            case 0:
                let n = [-2, -1, 1, 2, 3, 4].randomElement(using: &g) ?? 1
                parts.append("BYDAY=\(n)" + (days.randomElement(using: &g) ?? "MO"))
            case 1:
                parts.append("BYMONTHDAY=\([1, 5, 15, 28, 29, 30, 31, -1, -2].randomElement(using: &g) ?? 1)")
            case 2:
                parts.append("BYDAY=MO,TU,WE,TH,FR")
                parts.append("BYSETPOS=\([-1, 1, 2, -2].randomElement(using: &g) ?? 1)")
            case 3 where !someDays.isEmpty:
                parts.append("BYDAY=" + someDays.joined(separator: ","))
            default:
                break
            }
            if freq == "YEARLY" || Int.random(in: 0..<4, using: &g) == 0 {
                let months = (1...12).filter { _ in Int.random(in: 0..<4, using: &g) == 0 }
                if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
            }
        default:
            if !someDays.isEmpty, Bool.random(using: &g) { parts.append("BYDAY=" + someDays.joined(separator: ",")) }
        }
        switch Int.random(in: 0..<10, using: &g) {
        case 0, 1, 2: parts.append("COUNT=\(Int.random(in: 1...12, using: &g))")
        case 3, 4: parts.append("UNTIL=\(Int.random(in: 2025...2034, using: &g))\(["0101", "0315", "0630", "1231"].randomElement(using: &g) ?? "0101")")
        default: break
        }
        return parts.joined(separator: ";")
    }

    @Test(arguments: [42, 7, 2026] as [UInt64])
    func libicalsDaysAreDateutilsForRandomRules(seed: UInt64) throws {
        try Lane.mayStart("python3 with dateutil")
        var g = Seeded(state: seed)
        // Feb 29 and the turn of a year among the seeds, the rest anywhere from 2024 to 2031.
        let fixed = ["20280229", "20241231", "20270101"]
        let cases = (0..<400).map { n -> (String, String) in
            let day = n < fixed.count ? fixed[n]
                : DueDay(dayNumber: Int.random(in: 19_723...22_645, using: &g)).iso.filter { $0 != "-" }
            return (RuleOracleTests.rule(&g), day)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("errand-oracle-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("rules"), output = dir.appendingPathComponent("days")
        try cases.map { "\($0.0) \($0.1)\n" }.joined().write(to: input, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("oracle.py")
        try RuleOracleTests.script.write(to: script, atomically: true, encoding: .utf8)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: try #require(DateutilPython.path))
        python.arguments = [script.path, input.path]
        python.standardOutput = try FileHandle(forWritingTo: { FileManager.default.createFile(atPath: output.path, contents: nil); return output }())
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let answers = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var compared = 0
        for (index, (text, _)) in cases.enumerated() {
            guard index < answers.count, answers[index] != "none" else { continue }
            let words = answers[index].split(separator: " ").map(String.init)
            guard let first = words.first.flatMap({ DueDay(iso: $0) }), let rule = ICalRepeat.checked(text) else {
                Issue.record("libical refused \(text), which dateutil follows")
                continue
            }
            let ours = ICalOccurrences.days(rule, from: first, limit: 10).map(\.iso)
            #expect(ours == Array(words.dropFirst()), "\(text) from \(first.iso) (seed \(seed))")
            compared += 1
        }
        // Most random rules fall somewhere: a run that compared few would prove little.
        #expect(compared >= 300, "only \(compared) rules compared")
    }
}
