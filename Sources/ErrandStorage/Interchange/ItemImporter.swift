import ErrandDomain
import ErrandFiles
import FoundationEssentials

/// Reads the original apps' property lists, and Errand's own JSON export, into items, an item
/// at a time: each is checked as it is read, and the reading runs inside one store transaction
/// (ItemStore.importEach, receiveEach), so a malformed file imports nothing; the error names
/// the entry.
public enum ItemImporter {
    public struct Parsed: Sendable {
        public let format: ImportFormat
        public let items: [TodoItem]
    }

    /// Refuses anything but a regular file of at most `ImportFile.maxBytes` before reading it.
    public static func read(path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        try parse(try file(path), path: path, clock: clock, newID: newID)
    }

    /// The file's bytes, a regular file of at most `ImportFile.maxBytes`.
    /// Whether the data is taskwarrior's `task export` (a JSON array of tasks).
    public static func isTaskwarrior(_ data: Data) -> Bool { Taskwarrior.isExport(data) }

    /// A taskwarrior export's tasks, one item at a time, parents before their subtasks (Taskwarrior).
    public static func eachTaskwarrior(_ data: Data, path: String, clock: Clock, report: inout TaskwarriorReport,
                                       _ body: (TodoItem) throws -> Void) throws {
        try Taskwarrior.each(data, path: path, clock: clock, report: &report, body)
    }

    /// A todo.txt file's tasks, one item at a time (TodoTxt).
    public static func eachTodoTxt(_ data: Data, path: String, clock: Clock, kept: inout TodoTxtKept,
                                   _ body: (TodoItem) throws -> Void) throws {
        try TodoTxt.each(data, path: path, clock: clock, kept: &kept, body)
    }

    public static func file(_ path: String) throws -> Data {
        do {
            return try ImportFile.read(path)
        } catch {
            throw StoreError.badFile(path: error.path, reason: error.reason)
        }
    }

    /// Decoded with PropertyListDecoder: PropertyListSerialization crashed (a memory error
    /// under AddressSanitizer) on a binary plist holding a malformed set, found by FuzzImport.
    public static func parse(_ data: Data, path: String, clock: Clock, newID: () -> UUID) throws -> Parsed {
        var items: [TodoItem] = []
        let format = try each(data, path: path, clock: clock, newID: newID) { items.append($0) }
        return Parsed(format: format, items: items)
    }

    /// The items of `data`, one at a time and in order, each checked, given to `body` as it is
    /// read: a property list's items are never all in memory at once. The first bad entry
    /// throws, after `body` had the ones before it: run it in one transaction
    /// (ItemStore.importEach) so that a malformed file imports nothing.
    public static func each(_ data: Data, path: String, clock: Clock, newID: () -> UUID,
                            _ body: (TodoItem) throws -> Void) throws -> ImportFormat {
        // By content, so a renamed backup still reads; a .plist is a plist whatever it holds
        // (an old-style plist opens with a brace too).
        if isJSON(data), !path.lowercased().hasSuffix(".plist") {
            try eachJSON(data, path: path, body)
            return .errandJSON
        }
        guard PlistSniffer.isXMLOrBinary(data) else {
            throw StoreError.badFile(path: path, reason: "not a property list" + (path.lowercased().hasSuffix(".plist")
                ? "" : " or an Errand JSON export"))
        }
        guard PlistNesting.isWithinLimit(data) else {
            throw StoreError.badFile(path: path, reason: "a property list nested more than \(PlistNesting.limit) deep")
        }
        return try data.withUnsafeBytes { bytes in
            guard let ranges = PlistElements(bytes: bytes).ranges() else {
                return try wholePlist(data, path: path, clock: clock, newID: newID, body)
            }
            guard let first = ranges.first else { return .weekApp }
            let decoder = PropertyListDecoder()
            func element<T: Decodable>(_ type: T.Type, _ index: Int, _ range: Range<Int>) throws -> T {
                try decode(type, PlistElements.head + Data(bytes[range]) + PlistElements.tail, path: path, index: index) {
                    try decoder.decode($0, from: $1)
                }
            }
            let book = try element(Probe.self, 0, first).titleKey != nil
            for (index, range) in ranges.enumerated() {
                try body(book ? try bookItem(try element(BookEntry.self, index, range), index, path, clock, newID)
                              : try weekItem(try element(WeekEntry.self, index, range), index, path, clock))
            }
            return book ? .bookApp : .weekApp
        }
    }

    /// The largest property list decoded whole: a binary one of 16 MB (400,000 entries) peaked
    /// at 143 MB decoding, about 8 times its size, and the 64 MB the import limit lets through
    /// would pass the 256 MB errand keeps to (issue 28 item 10).
    public static let maxWholePlistBytes = 16 << 20

    /// A plist the element scan does not follow (binary, or XML whose top level is not an
    /// array), decoded whole: refused past `maxWholePlistBytes` in one line saying how to
    /// bring it in anyway.
    static func wholePlist(_ data: Data, path: String, clock: Clock, newID: () -> UUID,
                           _ body: (TodoItem) throws -> Void) throws -> ImportFormat {
        guard data.count <= maxWholePlistBytes else {
            let kind = data.starts(with: Array("bplist".utf8)) ? "a binary property list"
                : "a property list whose entries cannot be read one at a time"
            throw StoreError.badFile(path: path, reason: "\(kind) over \(maxWholePlistBytes >> 20) MB (it is read whole); "
                + "as XML (plutil -convert xml1) up to \(ImportFile.maxBytes >> 20) MB imports")
        }
        let probes = try decode([Probe].self, data, path: path)
        guard let first = probes.first else { return .weekApp }
        if first.titleKey != nil {
            for (index, entry) in try decode([BookEntry].self, data, path: path).enumerated() {
                try body(try bookItem(entry, index, path, clock, newID))
            }
            return .bookApp
        }
        for (index, entry) in try decode([WeekEntry].self, data, path: path).enumerated() {
            try body(try weekItem(entry, index, path, clock))
        }
        return .weekApp
    }

    static func weekItem(_ entry: WeekEntry, _ index: Int, _ path: String, _ clock: Clock) throws -> TodoItem {
        try item(index, path) {
            guard let id = UUID(uuidString: entry.id) else { throw Failure("missing or malformed id") }
            guard Clock.supportedSeconds.contains(entry.date.timeIntervalSince1970) else {
                throw Failure("date is outside the years 1 to 9999")
            }
            return TodoItem(id: id, title: entry.todo, due: clock.day(of: entry.date),
                            time: timeUnlessMidnight(entry.date, clock), created: clock.now)
        }
    }

    static func bookItem(_ entry: BookEntry, _ index: Int, _ path: String, _ clock: Clock, _ newID: () -> UUID) throws -> TodoItem {
        try item(index, path) {
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
        }
    }

    /// A JSON object first: what `export FILE.json` writes.
    public static func isJSON(_ data: Data) -> Bool {
        data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// Every field back as it was exported: ids, UIDs, done state, times, repeats, the kept VTODO.
    /// Read a row at a time (JSONSlices): JSONDecoder's map of the whole file and the rows it
    /// gave held four times the file before the first item was made. The file's own fields
    /// (format, version) and its outline are checked before the first item is given to `body`;
    /// a bad item throws after `body` had the ones before it, so run it in one transaction
    /// (ItemStore.receiveEach): the items are never all in memory at once.
    public static func eachJSON(_ data: Data, path: String, _ body: (TodoItem) throws -> Void) throws {
        try data.withUnsafeBytes { bytes in
            let decoder = JSONDecoder()
            func fail(_ reason: String) -> StoreError { .badFile(path: path, reason: reason) }
            var format: String?
            var version: Int?
            var rows: Range<Int>?
            var document = JSONSlices(bytes)
            do {
                var keys = Set<String>()
                try document.members { key, value in
                    let name = try? decoder.decode(String.self, from: Data(bytes[key]))
                    if let name, !keys.insert(name).inserted {
                        throw fail("the file: the key \"\(name.prefix(40))\" is given twice (which one is meant?)")
                    }
                    switch name {
                    case "format": format = try? decoder.decode(String.self, from: Data(bytes[value]))
                    case "version": version = try? decoder.decode(Int.self, from: Data(bytes[value]))
                    case "items": rows = value
                    default: break
                    }
                }
                try document.end()
            } catch let failure as JSONSlices.Failure {
                throw fail("not an Errand JSON export: \(failure.reason)")
            }
            guard let format else { throw fail("the file: missing format") }
            guard format == ExportDocument.formatName else {
                throw fail("not an Errand JSON export (its format is not \"\(ExportDocument.formatName)\")")
            }
            guard let version else { throw fail("the file: missing version") }
            guard (1...ExportDocument.currentVersion).contains(version) else {
                throw fail("written by a newer Errand (version \(version); this one reads 1 to \(ExportDocument.currentVersion))")
            }
            guard let rows, bytes[rows.lowerBound] == UInt8(ascii: "[") else { throw fail("the file: missing items") }
            try jsonItems(bytes, rows, decoder: decoder, path: path, body)
        }
    }

    static func jsonItems(_ bytes: UnsafeRawBufferPointer, _ rows: Range<Int>, decoder: JSONDecoder,
                          path: String, _ body: (TodoItem) throws -> Void) throws {
        var seen = Set<UUID>()
        var list = JSONSlices(bytes, at: rows.lowerBound)
        var index = 0
        do {
            try list.elements { range in
                if let twice = try duplicateKey(bytes, range, decoder) {
                    throw StoreError.badFile(path: path, reason: "item \(index + 1): the key \"\(twice.prefix(40))\" is given twice "
                                             + "(which one is meant?)")
                }
                let slice = Data(bytes[range])
                let row = try decode(ExportDocument.Row.self, slice, path: path, kind: "an Errand JSON export", index: index) {
                    try decoder.decode($0, from: $1)
                }
                let item = try item(index, path) { try row.item() }
                guard seen.insert(item.id).inserted else {
                    throw StoreError.badFile(path: path, reason: "item \(index + 1): id \(item.id.uuidString) is given twice")
                }
                index += 1
                try body(item)
            }
        } catch let failure as JSONSlices.Failure {
            throw StoreError.badFile(path: path, reason: "not an Errand JSON export: \(failure.reason)")
        }
    }

    /// The first key an object in `range` (or any object inside it) gives twice: JSONDecoder
    /// keeps one of the two without a word, and a backup must not mean something else silently.
    static func duplicateKey(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ decoder: JSONDecoder) throws -> String? {
        guard let first = range.first else { return nil }
        var found: String?
        var slices = JSONSlices(bytes, at: first)
        switch bytes[first] {
        case UInt8(ascii: "{"):
            var keys = Set<String>()
            try slices.members { key, value in
                guard found == nil else { return }
                let name = (try? decoder.decode(String.self, from: Data(bytes[key]))) ?? ""
                if !keys.insert(name).inserted { found = name } else { found = try duplicateKey(bytes, value, decoder) }
            }
        case UInt8(ascii: "["):
            try slices.elements { value in
                if found == nil { found = try duplicateKey(bytes, value, decoder) }
            }
        default:
            break
        }
        return found
    }

    struct Header: Decodable {
        let format: String
        let version: Int
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

    /// `index`: the item `data` is, when it is one item rather than the file.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, path: String, kind: String = "a property list",
                                     index: Int? = nil,
                                     with decoder: (T.Type, Data) throws -> T = { try PropertyListDecoder().decode($0, from: $1) })
        throws -> T {
        func fail(_ reason: String) -> StoreError { .badFile(path: path, reason: reason) }
        // A plist is an array of items; the JSON export an object whose "items" holds them.
        func entry(_ codingPath: [CodingKey]) -> String {
            index.map { "item \($0 + 1)" } ?? codingPath.lazy.compactMap(\.intValue).first.map { "item \($0 + 1)" } ?? "the file"
        }
        do {
            return try decoder(type, data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw fail("\(entry(context.codingPath)): missing \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            if let index, context.codingPath.isEmpty {
                throw fail("item \(index + 1) is not \(kind == "a property list" ? "a dictionary" : "an object")")
            }
            if context.codingPath.isEmpty { throw fail("expected \(kind == "a property list" ? "an array of items" : "an object") at the top") }
            if context.codingPath.last?.intValue != nil { throw fail("\(entry(context.codingPath)) is not a dictionary") }
            let key = context.codingPath.last?.stringValue ?? "a field"
            throw fail("\(entry(context.codingPath)): \(key) has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            throw fail("\(entry(context.codingPath)): \(context.codingPath.last?.stringValue ?? "a field") is empty")
        } catch {
            throw fail("not \(kind)")
        }
    }

    static func timeUnlessMidnight(_ date: Date, _ clock: Clock) -> TimeOfDay? {
        let time = clock.time(of: date)
        return time?.minutes == 0 ? nil : time
    }
}
