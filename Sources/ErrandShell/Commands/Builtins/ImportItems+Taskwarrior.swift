import ErrandDomain
import ErrandStorage
import FoundationEssentials

extension ImportItems {
    /// taskwarrior's `task export` (Taskwarrior): matched by UUID, so the same export again
    /// changes nothing and a later one updates what was modified since; what has no field here
    /// is named in the line.
    func taskwarrior(_ data: Data, _ c: inout CommandContext) throws -> Display {
        let clock = c.environment.clock
        var report = TaskwarriorReport()
        let receipts = try receiving(&c) { path, add in
            try ItemImporter.eachTaskwarrior(data, path: path, clock: clock, report: &report, add)
        }
        return try c.refresh(message: ImportItems.summary(receipts, skipped: [], from: name, format: "task export") + report.summary)
    }
}
