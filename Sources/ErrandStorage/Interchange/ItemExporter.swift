import ErrandDomain
import Foundation

/// Writes items for other programs: `.plist` in the SwiftUI app's `todos.plist` shape (text,
/// date, id; notes and places have no field there), `.json` with every field.
public enum ItemExporter {
    public enum Format: String, Sendable {
        case weekAppPlist = "SwiftUI app plist"
        case json = "JSON"
        case icalendar = "iCalendar"
    }

    public static func format(for path: String) throws -> Format {
        let lower = path.lowercased()
        if lower.hasSuffix(".plist") { return .weekAppPlist }
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".ics") || lower.hasSuffix(".ical") { return .icalendar }
        throw StoreError.badFile(path: path, reason: "unknown export format: name the file .plist, .json or .ics")
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
        var parent = (path as NSString).deletingLastPathComponent
        if parent.isEmpty { parent = "." }
        guard FileKind(path: parent) == .directory else {
            throw StoreError.badFile(path: path, reason: "no such folder: \(parent)")
        }
    }

    /// Items without a due day are left out: every entry of that format has a date (the
    /// export command says how many were left out).
    public static func weekAppPlist(_ items: [TodoItem], clock: Clock) throws -> Data {
        let array: [[String: Any]] = items.compactMap { item in
            item.due.map { ["todo": item.title, "date": clock.date(of: $0, at: item.time), "id": item.id.uuidString] }
        }
        return try PropertyListSerialization.data(fromPropertyList: array, format: .xml, options: 0)
    }

    public static func json(_ items: [TodoItem], clock: Clock) throws -> Data {
        let rows: [[String: Any]] = items.map { item in
            var row: [String: Any] = [
                "id": item.id.uuidString, "uid": item.uid, "title": item.title, "done": item.isDone,
                "created": Int(item.created.timeIntervalSince1970), "modified": Int(item.modified.timeIntervalSince1970),
            ]
            if let due = item.due { row["date"] = due.iso }
            if let rule = item.repeats { row["repeat"] = rule.description }
            if let notes = item.notes { row["notes"] = notes }
            if let time = item.time { row["time"] = time.description }
            if let location = item.location {
                var place: [String: Any] = ["name": location.name]
                if let c = location.coordinate {
                    place["latitude"] = c.latitude
                    place["longitude"] = c.longitude
                }
                row["location"] = place
            }
            return row
        }
        return try JSONSerialization.data(withJSONObject: ["format": "errand-export", "version": 1, "items": rows],
                                          options: [.prettyPrinted, .sortedKeys])
    }
}
