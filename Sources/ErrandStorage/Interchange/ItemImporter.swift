import ErrandDomain
import FoundationEssentials

/// Reads the original apps' property lists into items. The whole file is checked before any
/// item is returned, so a malformed file imports nothing; the error names the entry.
public enum ItemImporter {
    public struct Parsed: Sendable {
        public let format: ImportFormat
        public let items: [TodoItem]
    }

    /// Refuses anything but a regular file of at most `ImportFile.maxBytes` before reading it.
    public static func read(path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        try parse(ImportFile.read(path), path: path, clock: clock, newID: newID)
    }

    /// Decoded with PropertyListDecoder: PropertyListSerialization crashed (a memory error
    /// under AddressSanitizer) on a binary plist holding a malformed set, found by FuzzImport.
    public static func parse(_ data: Data, path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        guard PlistSniffer.isXMLOrBinary(data) else { throw StoreError.badFile(path: path, reason: "not a property list") }
        guard PlistNesting.isWithinLimit(data) else {
            throw StoreError.badFile(path: path, reason: "a property list nested more than \(PlistNesting.limit) deep")
        }
        let probes = try decode([Probe].self, data, path: path)
        guard let first = probes.first else { return Parsed(format: .weekApp, items: []) }
        let format: ImportFormat = first.titleKey != nil ? .bookApp : .weekApp
        var items: [TodoItem] = []
        items.reserveCapacity(probes.count)
        switch format {
        case .weekApp:
            for (index, entry) in try decode([WeekEntry].self, data, path: path).enumerated() {
                items.append(try item(index, path) {
                    guard let id = UUID(uuidString: entry.id) else { throw Failure("missing or malformed id") }
                    guard Clock.supportedSeconds.contains(entry.date.timeIntervalSince1970) else {
                        throw Failure("date is outside the years 1 to 9999")
                    }
                    return TodoItem(id: id, title: entry.todo, due: clock.day(of: entry.date),
                                    time: timeUnlessMidnight(entry.date, clock), created: clock.now)
                })
            }
        case .bookApp:
            for (index, entry) in try decode([BookEntry].self, data, path: path).enumerated() {
                items.append(try item(index, path) {
                    var due = clock.today
                    var time: TimeOfDay?
                    if let seconds = entry.timestampKey {
                        guard Clock.supportedSeconds.contains(seconds) else {
                            throw Failure("timestampKey is not a number of seconds")
                        }
                        let date = Date(timeIntervalSince1970: seconds)
                        due = clock.day(of: date)
                        time = timeUnlessMidnight(date, clock)
                    }
                    var location: Location?
                    if let place = entry.locationKey {
                        var coordinate: Coordinate?
                        switch (place.latitudeKey, place.longitudeKey) {
                        case let (lat?, lon?): coordinate = try Coordinate(latitude: lat, longitude: lon)
                        case (nil, nil): coordinate = nil
                        default: throw Failure("latitudeKey and longitudeKey come together")
                        }
                        location = Location(name: place.nameKey, coordinate: coordinate)
                    }
                    return TodoItem(id: newID(), title: entry.titleKey, notes: entry.itemDescriptionKey, due: due,
                                    time: time, location: location, created: clock.now)
                })
            }
        }
        return Parsed(format: format, items: items)
    }

    struct Probe: Decodable {
        let titleKey: String?
    }

    struct WeekEntry: Decodable {
        let todo: String
        let date: Date
        let id: String
    }

    struct BookEntry: Decodable {
        let titleKey: String
        let itemDescriptionKey: String?
        let timestampKey: Double?
        let locationKey: BookLocation?
    }

    struct BookLocation: Decodable {
        let nameKey: String
        let latitudeKey: Double?
        let longitudeKey: Double?
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Builds and validates one entry; the error names the entry.
    static func item(_ index: Int, _ path: String, _ build: () throws -> TodoItem) throws -> TodoItem {
        do {
            return try build().validated()
        } catch let failure as Failure {
            throw StoreError.badFile(path: path, reason: "item \(index + 1): \(failure.reason)")
        } catch let error as DomainError {
            throw StoreError.badFile(path: path, reason: "item \(index + 1): \(error.description)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, path: String) throws -> T {
        func fail(_ reason: String) -> StoreError { .badFile(path: path, reason: reason) }
        func entry(_ codingPath: [CodingKey]) -> String {
            codingPath.first?.intValue.map { "item \($0 + 1)" } ?? "the file"
        }
        do {
            return try PropertyListDecoder().decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw fail("\(entry(context.codingPath)): missing \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            if context.codingPath.isEmpty { throw fail("expected an array of items at the top") }
            if context.codingPath.count == 1 { throw fail("\(entry(context.codingPath)) is not a dictionary") }
            let key = context.codingPath.last?.stringValue ?? "a field"
            throw fail("\(entry(context.codingPath)): \(key) has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            throw fail("\(entry(context.codingPath)): \(context.codingPath.last?.stringValue ?? "a field") is empty")
        } catch {
            throw fail("not a property list")
        }
    }

    static func timeUnlessMidnight(_ date: Date, _ clock: Clock) -> TimeOfDay? {
        let time = clock.time(of: date)
        return time?.minutes == 0 ? nil : time
    }
}
