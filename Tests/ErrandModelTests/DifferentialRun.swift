import ErrandStorage
import Foundation

/// Runs steps on the SQLite store, the property-list store and the reference model, and
/// compares after each one: whether it was refused, and every screen it showed (the rows of
/// `list`, `find`, `day` and `open` as sets against the model and in the same order on both
/// stores; the week's counts; the query's outline as the model means it).
struct DifferentialRun {
    /// The first step whose answers differ, and how.
    struct Difference: Error, CustomStringConvertible {
        var step: Int
        var line: String
        var what: String
        var description: String { "step \(step) `\(line)`: \(what)" }
    }

    /// Runs `steps`; nil when every answer agreed.
    static func run(_ steps: [ModelStep]) throws -> Difference? {
        let shells = [try ShellUnderTest(.sqlite), try ShellUnderTest(.plist)]
        var model = ReferenceModel()
        for (index, step) in steps.enumerated() {
            var target: Int?
            if let row = step.row {
                let listings = shells.map { rowIDs($0.send("list")) }
                guard listings[0] == listings[1] else {
                    return Difference(step: index, line: "list", what: "the stores list different rows: sqlite \(listings[0]), plist \(listings[1])")
                }
                target = row <= listings[0].count ? listings[0][row - 1] : nil
            }
            for shell in shells { shell.counter = model.lastID }
            let before = model
            let answers = shells.map { $0.send(step.line) }
            let expected = model.apply(step, target: target)
            if var what = compare(step, answers, model, expected: expected) {
                if let target, let item = before.item(target) { what += "; the row was \(item)" }
                return Difference(step: index, line: step.line, what: what)
            }
        }
        return nil
    }

    private static func rowIDs(_ answer: [String: Any]) -> [Int] {
        ((answer["items"] as? [[String: Any]]) ?? []).map { ($0["id"] as? String).flatMap(ShellUnderTest.number) ?? -1 }
    }

    private static func rows(_ answer: [String: Any]) -> ModelRows {
        let items = (answer["items"] as? [[String: Any]]) ?? []
        let id = { (row: [String: Any]) in (row["id"] as? String).flatMap(ShellUnderTest.number) ?? -1 }
        let progress = items.compactMap { row in (row["progress"] as? Int).map { (id(row), $0) } }
        return ModelRows(toDo: Set(items.filter { ($0["done"] as? Bool) == false }.map(id)),
                         done: Set(items.filter { ($0["done"] as? Bool) == true }.map(id)),
                         started: Set(items.filter { ($0["status"] as? String) == "started" }.map(id)),
                         cancelled: Set(items.filter { ($0["status"] as? String) == "cancelled" }.map(id)),
                         progress: Dictionary(progress) { a, _ in a })
    }

    /// The series a day's list shows after its own items.
    private static func later(_ answer: [String: Any]) -> Set<Int> {
        Set(((answer["later"] as? [[String: Any]]) ?? []).map { ($0["id"] as? String).flatMap(ShellUnderTest.number) ?? -1 })
    }

    private static func week(_ answer: [String: Any]) -> ModelWeek {
        let items = (answer["items"] as? [[String: Any]]) ?? []
        return ModelWeek(counts: items.map { ($0["count"] as? Int) ?? -1 }, overdue: (answer["overdue"] as? Int) ?? -1,
                         undated: (answer["undated"] as? Int) ?? -1)
    }

    private static func compare(_ step: ModelStep, _ answers: [[String: Any]], _ model: ReferenceModel, expected: Bool) -> String? {
        let names = ["sqlite", "plist"]
        for (name, answer) in zip(names, answers) {
            let ok = (answer["ok"] as? Bool) ?? false
            if ok != expected {
                return "\(name) \(ok ? "accepted it" : "refused it (\(answer["error"] ?? "?"))"), the model \(expected ? "accepts it" : "refuses it")"
            }
        }
        guard expected else { return nil }
        switch step {
        case let .find(query, within):
            let want = model.found(query, within)
            for (name, answer) in zip(names, answers) {
                let outline = (answer["query"] as? [String: Any])?["outline"] as? String
                if outline != query.outline(within: within) {
                    return "\(name) read the query as \(outline ?? "nothing"), the model as \(query.outline(within: within))"
                }
                if rows(answer) != want { return "\(name) found \(rows(answer)), the model \(want)" }
            }
        case .list:
            for (name, answer) in zip(names, answers) where rows(answer) != model.all {
                return "\(name) lists \(rows(answer)), the model \(model.all)"
            }
        case let .day(day):
            for (name, answer) in zip(names, answers) where rows(answer) != model.day(day) {
                return "\(name) shows \(rows(answer)), the model \(model.day(day))"
            }
            for (name, answer) in zip(names, answers) where later(answer) != model.later(day) {
                return "\(name) shows later occurrences of \(later(answer).sorted()), the model of \(model.later(day).sorted())"
            }
        case .view:
            for (name, answer) in zip(names, answers) where week(answer) != model.week {
                return "\(name) shows \(week(answer)), the model \(model.week)"
            }
        default:
            break
        }
        // Every screen in the same order on both stores.
        if rowIDs(answers[0]) != rowIDs(answers[1]) {
            return "the stores show different rows or orders: sqlite \(rowIDs(answers[0])), plist \(rowIDs(answers[1]))"
        }
        return nil
    }

    /// The shortest run found that still differs (delta debugging): runs of steps taken away,
    /// halves first, then quarters, down to single steps, while a difference stays (its
    /// wording may change; a difference is a difference). Each run ends at its difference.
    static func shrink(_ steps: [ModelStep]) throws -> [ModelStep] {
        guard let first = try run(steps) else { return steps }
        var kept = Array(steps.prefix(first.step + 1))
        var chunk = max(1, kept.count / 2)
        while true {
            var start = 0
            while start < kept.count - 1 {
                var fewer = kept
                fewer.removeSubrange(start..<min(start + chunk, kept.count - 1))
                if let found = try run(fewer) {
                    kept = Array(fewer.prefix(found.step + 1))
                } else {
                    start += chunk
                }
            }
            if chunk == 1 { return kept }
            chunk = max(1, chunk / 2)
        }
    }

    /// A transcript `errand check` replays: today pinned as the model pins it, each step as
    /// typed (a row step after its `list`).
    static func transcript(_ steps: [ModelStep], seed: UInt64, difference: Difference?) -> String {
        var lines = ["# differential run, seed \(seed): \(difference?.description ?? "")",
                     "# replay: errand --today \(ModelDay.iso(ModelDay.today)) --json < this file, on both stores"]
        for step in steps {
            if step.row != nil { lines.append("list") }
            lines.append(step.line)
        }
        return lines.joined(separator: "\n")
    }
}
