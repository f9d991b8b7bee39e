import ErrandDomain
import ErrandFiles
import FoundationEssentials

/// Writes items for other programs: `.plist` in the SwiftUI app's `todos.plist` shape (text,
/// date, id; notes and places have no field there), `.json` with every field, `.txt` as
/// todo.txt (TodoTxt).
public enum ItemExporter {
    public enum Format: String, Sendable {
        case weekAppPlist = "SwiftUI app plist"
        case json = "JSON"
        case icalendar = "iCalendar"
        case todoTxt = "todo.txt"
    }

    public static func format(for path: String) throws -> Format {
        let lower = path.lowercased()
        if lower.hasSuffix(".plist") { return .weekAppPlist }
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".ics") || lower.hasSuffix(".ical") { return .icalendar }
        if lower.hasSuffix(".txt") { return .todoTxt }
        throw StoreError.badFile(path: path, reason: "unknown export format: name the file .plist, .json, .ics or .txt")
    }

    /// `icalendar` renders .ics (through the iCalendar helper, which storage does not run).
    public static func write(_ items: [TodoItem], to path: String, clock: Clock,
                             icalendar: (([TodoItem]) throws -> Data)? = nil) throws -> Format {
        let format = try format(for: path)
        try checkDestination(path)
        let data: Data
        switch format {
        case .weekAppPlist: data = try weekAppPlist(items, clock: clock)
        case .json: data = try json(items, clock: clock)
        case .todoTxt: data = TodoTxt.write(items, clock: clock)
        case .icalendar:
            guard let icalendar else { throw StoreError.badFile(path: path, reason: "iCalendar needs errand-ical") }
            data = try icalendar(items)
        }
        try StoreFile.replace(path, with: data)
        return format
    }

    /// Before anything is rendered: a special file or a missing folder is named at once.
    static func checkDestination(_ path: String) throws {
        if let kind = FileKind(path: path), !kind.isRegular {
            throw StoreError.badFile(path: path, reason: "is \(kind.noun)")
        }
        // No folders made on the way: a mistyped path is an error, not a new directory tree.
        var parent = PathText.folder(of: path)
        if parent.isEmpty { parent = "." }
        guard FileKind(path: parent) == .directory else {
            throw StoreError.badFile(path: path, reason: "no such folder: \(parent)")
        }
    }

    /// What a format cannot hold, field by field, with how many of the written items had it:
    /// the SwiftUI app's plist keeps a title, a day and time and an id, nothing else. (Items
    /// it cannot hold at all, those without a date, are counted by the caller.)
    public static func fieldsLeftOut(_ items: [TodoItem], in format: Format) -> [(field: String, items: Int)] {
        if format == .todoTxt {
            return TodoTxt.leftOut.compactMap { name, has in
                let count = items.filter(has).count
                return count == 0 ? nil : (name, count)
            }
        }
        guard format == .weekAppPlist else { return [] }
        let written = items.filter { $0.due != nil }
        let core: [(String, (TodoItem) -> Bool)] = [
            ("done state", \.isDone), ("notes", { $0.notes != nil }), ("place", { $0.location != nil }),
            ("repeat", { $0.repeats != nil }), ("UID", { $0.uid != $0.id.uuidString }),
            ("other calendar fields", { $0.icalendar != nil }),
        ]
        let declared: [(String, (TodoItem) -> Bool)] = ItemField.declared.map { field in
            (field.name, { (item: TodoItem) in item.fields[field] != nil })
        }
        let fields = core + declared
        return fields.compactMap { name, has in
            let count = written.filter(has).count
            return count == 0 ? nil : (name, count)
        }
    }

    /// Items without a due day are left out: every entry of that format has a date (the
    /// export command says how many were left out).
    public static func weekAppPlist(_ items: [TodoItem], clock: Clock) throws -> Data {
        let rows = items.compactMap { item in
            item.due.map { WeekAppRow(todo: item.title, date: clock.date(of: $0, at: item.time), id: item.id.uuidString) }
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(rows)
    }

    public static func json(_ items: [TodoItem], clock: Clock) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(ExportDocument(items: items.map(ExportDocument.Row.init)))
    }
}
