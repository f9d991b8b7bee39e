import ErrandDomain
import ErrandStorage

extension ImportItems {
    /// A todo.txt file (TodoTxt): each task matched by the UID its line gives, so the same file
    /// imported again changes nothing, and a task done in todo.sh since updates its item. What
    /// has no field here stays in the title, and the line says which words those were.
    func todoTxt(_ c: inout CommandContext) throws -> Display {
        let data = try c.naming(name) { try ItemImporter.file($0) }
        let clock = c.environment.clock
        var kept = TodoTxtKept()
        let receipts = try receiving(&c) { path, add in try ItemImporter.eachTodoTxt(data, path: path, clock: clock, kept: &kept, add) }
        let line = ImportItems.summary(receipts, skipped: [], from: name, format: ItemExporter.Format.todoTxt.rawValue)
        return try c.refresh(message: line + (kept.summary.map { "; " + $0 } ?? ""))
    }
}
