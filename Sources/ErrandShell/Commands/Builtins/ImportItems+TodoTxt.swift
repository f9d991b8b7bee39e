import ErrandDomain
import ErrandStorage

extension ImportItems {
    /// A todo.txt file (TodoTxt): each task matched by the UID its line gives, so the same file
    /// imported again changes nothing, and a task done in todo.sh since updates its item. What
    /// has no field here stays in the title, and the line says which words those were.
    func todoTxt(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let path = environment.resolve(path: name)
        let data = try c.naming(name) { try ItemImporter.file($0) }
        let stored = list == nil ? nil : try c.storedList(list)
        var kept = TodoTxtKept()
        let receipts: ReceiptTally
        do {
            receipts = try c.change { store, journal in
                try store.receiveEach(movedAt: moving(environment), journaled: journal) { add in
                    try ItemImporter.eachTodoTxt(data, path: path, clock: environment.clock, kept: &kept) { item in
                        try add(placed(item, in: stored))
                    }
                }
            }
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(path, with: name))
        }
        let line = ImportItems.summary(receipts, skipped: [], from: name, format: ItemExporter.Format.todoTxt.rawValue)
        return try c.refresh(message: line + (kept.summary.map { "; " + $0 } ?? ""))
    }
}
