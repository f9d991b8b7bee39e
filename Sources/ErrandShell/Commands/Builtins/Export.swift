import ErrandDomain
import ErrandStorage

/// `export FILE`: every item, as .plist (the SwiftUI app's format; what it cannot hold is
/// named), .json (every field: `import` restores it whole) or .ics (iCalendar VTODOs, as sync
/// sends them).
struct Export: ShellCommand {
    static let file = ArgumentSpec("FILE", .file, help: "where to write: .plist, .json, .ics or .txt (todo.txt)")
    static let list = OptionSpec("list", value: "NAME", kind: .listName(orAll: false), help: "only the items of this list (see lists)")
    static let spec = CommandSpec("export", summary: "write every item to FILE: .plist (SwiftUI app format), .json, .ics (iCalendar) or .txt (todo.txt)",
                                  arguments: [file], options: [list], effect: .writesFile) {
        Export(name: try $0.requiredText(file), list: $0.text(list))
    }

    let name: String
    let list: String?

    func run(_ c: inout CommandContext) throws -> Display {
        var items = try c.store.allItems()
        if let typed = list {
            guard let known = try c.existingList(typed) else { throw ShellError.failed(try Use.noSuchList(typed, c)) }
            let term = ListNames.term(known, main: try c.mainList())
            items = items.filter(term.matches)
        }
        let clock = c.environment.clock
        let helper = c.environment.calendarHelper
        let format = try c.naming(name) { path in
            try ItemExporter.write(items, to: path, clock: clock) { try helper.write($0, naming: path) }
        }
        let undated = format == .weekAppPlist ? items.filter { $0.due == nil }.count : 0
        var left = undated == 0 ? "" : "; left out \(Plural.items(undated)) without a date (the format needs one)"
        let fields = ItemExporter.fieldsLeftOut(items, in: format)
        if !fields.isEmpty {
            left += "; the format has no field for " + fields.map { "\($0.field) (\(Plural.items($0.items)))" }
                .joined(separator: ", ") + ": export .json keeps everything"
        }
        // A finished occurrence (Occurrence) is its series's record, not an item: .ics writes it
        // inside the series's VTODOs, .json as a row whose UID names the series (import puts it
        // back so); both count the series alone. Only the SwiftUI app's plist, which has no
        // series, and todo.txt, whose lines are tasks alone, write it as an entry of its own,
        // counted as one.
        let inside = format == .weekAppPlist || format == .todoTxt ? 0 : items.filter(\.isOccurrence).count
        let within = inside == 0 ? "" : ", with \(Plural.finishedOccurrences(inside)) "
            + (format == .icalendar ? "inside their series" : "as rows of their series")
        return Display(message: "exported \(Plural.items(items.count - undated - inside)) to \(name) (\(format.rawValue))\(within)\(left)")
    }
}
