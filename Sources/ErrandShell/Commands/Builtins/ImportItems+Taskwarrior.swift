import ErrandDomain
import ErrandStorage
import FoundationEssentials

extension ImportItems {
    /// taskwarrior's `task export` (Taskwarrior): matched by UUID, so the same export again
    /// changes nothing and a later one updates what was modified since; what has no field here
    /// is named in the line.
    func taskwarrior(_ data: Data, _ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let path = environment.resolve(path: name)
        let stored = list == nil ? nil : try c.storedList(list)
        var report = TaskwarriorReport()
        let receipts: ReceiptTally
        do {
            receipts = try c.change { store, journal in
                try store.receiveEach(movedAt: moving(environment), journaled: journal) { add in
                    try ItemImporter.eachTaskwarrior(data, path: path, clock: environment.clock, report: &report) { item in
                        try add(placed(item, in: stored))
                    }
                }
            }
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(path, with: name))
        }
        return try c.refresh(message: ImportItems.summary(receipts, skipped: [], from: name, format: "task export") + report.summary)
    }
}
