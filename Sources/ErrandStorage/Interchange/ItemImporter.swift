import ErrandDomain
import Foundation

/// Reads the original apps' property lists into items. The whole file is checked before any
/// item is returned, so a malformed file imports nothing; the error names the entry.
public enum ItemImporter {
    public struct Parsed: Sendable {
        public let format: ImportFormat
        public let items: [TodoItem]
    }

    public static func read(path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StoreError.badFile(path: path, reason: "cannot read the file (\(readReason(path)))")
        }
        return try parse(data, path: path, clock: clock, newID: newID)
    }

    public static func parse(_ data: Data, path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        let root: Any
        do {
            guard PlistSniffer.isXMLOrBinary(data) else { throw CocoaError(.propertyListReadCorrupt) }
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StoreError.badFile(path: path, reason: "not a property list")
        }
        guard let entries = root as? [Any] else {
            throw StoreError.badFile(path: path, reason: "expected an array of items at the top")
        }
        guard let first = entries.first as? [String: Any] else {
            if entries.isEmpty { return Parsed(format: .weekApp, items: []) }
            throw StoreError.badFile(path: path, reason: "item 1 is not a dictionary")
        }
        let format: ImportFormat = first["titleKey"] != nil ? .bookApp : .weekApp
        var items: [TodoItem] = []
        items.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let fail = { (why: String) in StoreError.badFile(path: path, reason: "item \(index + 1): \(why)") }
            guard let dict = entry as? [String: Any] else { throw fail("not a dictionary") }
            do {
                switch format {
                case .weekApp: items.append(try weekItem(dict, clock: clock, fail: fail))
                case .bookApp: items.append(try bookItem(dict, clock: clock, newID: newID, fail: fail))
                }
            } catch let error as DomainError {
                throw fail(error.description)
            }
        }
        return Parsed(format: format, items: items)
    }

    static func weekItem(_ dict: [String: Any], clock: Clock, fail: (String) -> StoreError) throws -> TodoItem {
        guard let title = dict["todo"] as? String else { throw fail("missing the text (todo)") }
        guard let date = dict["date"] as? Date else { throw fail("missing the date (date)") }
        guard let idText = dict["id"] as? String, let id = UUID(uuidString: idText) else {
            throw fail("missing or malformed id")
        }
        return try TodoItem(id: id, title: title, due: clock.day(of: date), time: timeUnlessMidnight(date, clock),
                            created: clock.now).validated()
    }

    static func bookItem(_ dict: [String: Any], clock: Clock, newID: () -> UUID,
                         fail: (String) -> StoreError) throws -> TodoItem {
        guard let title = dict["titleKey"] as? String else { throw fail("missing titleKey") }
        let notes = try optional(dict, "itemDescriptionKey", as: String.self, fail: fail)
        var due = clock.today
        var time: TimeOfDay?
        if let raw = dict["timestampKey"] {
            guard let seconds = number(raw), seconds.isFinite, abs(seconds) < 253_402_300_799 else {
                throw fail("timestampKey is not a number of seconds")
            }
            let date = Date(timeIntervalSince1970: seconds)
            due = clock.day(of: date)
            time = timeUnlessMidnight(date, clock)
        }
        var location: Location?
        if let raw = dict["locationKey"] {
            guard let place = raw as? [String: Any], let name = place["nameKey"] as? String else {
                throw fail("locationKey needs a nameKey")
            }
            var coordinate: Coordinate?
            switch (place["latitudeKey"].flatMap(number), place["longitudeKey"].flatMap(number)) {
            case let (lat?, lon?): coordinate = try Coordinate(latitude: lat, longitude: lon)
            case (nil, nil): coordinate = nil
            default: throw fail("latitudeKey and longitudeKey come together")
            }
            location = Location(name: name, coordinate: coordinate)
        }
        return try TodoItem(id: newID(), title: title, notes: notes, due: due, time: time, location: location,
                            created: clock.now).validated()
    }

    static func optional<T>(_ dict: [String: Any], _ key: String, as: T.Type, fail: (String) -> StoreError) throws -> T? {
        guard let raw = dict[key] else { return nil }
        guard let value = raw as? T else { throw fail("\(key) has the wrong type") }
        return value
    }

    static func number(_ raw: Any) -> Double? {
        if let d = raw as? Double { return d }
        if let i = raw as? Int { return Double(i) }
        return (raw as? NSNumber)?.doubleValue
    }

    static func timeUnlessMidnight(_ date: Date, _ clock: Clock) -> TimeOfDay? {
        let time = clock.time(of: date)
        return time?.minutes == 0 ? nil : time
    }

    static func readReason(_ path: String) -> String {
        switch StoreFile.kind(path) {
        case .missing: return "no such file"
        case .other: return "it is a directory"
        case .regular: return "permission denied"
        }
    }
}
