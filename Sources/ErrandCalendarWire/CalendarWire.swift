import ErrandDomain
import FoundationEssentials

/// What passes between errand and its iCalendar helper (errand-ical), which alone links
/// libical: items as fields, each `KEY LENGTH\n` then LENGTH bytes and `\n`, so any text
/// crosses unescaped. A record starts with `item`; `skipped` says how many components of a
/// kind the reader passed over (`VEVENT 3`). Items cross without their local id (the UID is
/// what names an item outside); the reading side gives each one an id.
public enum CalendarWire {
    public struct Batch: Equatable, Sendable {
        public var items: [TodoItem]
        /// Components other than VTODO (and the VTIMEZONEs they need), by kind, in order met.
        public var skipped: [Skipped]

        public init(items: [TodoItem], skipped: [Skipped] = []) {
            self.items = items
            self.skipped = skipped
        }
    }

    public struct Skipped: Equatable, Sendable {
        public var kind: String
        public var count: Int

        public init(kind: String, count: Int) {
            self.kind = kind
            self.count = count
        }
    }

    public static func encode(_ batch: Batch) -> Data {
        var out = Data()
        encode(batch.skipped, into: &out)
        for item in batch.items { encode(item, into: &out) }
        return out
    }

    /// One item's record, for a writer that sends items as it makes them (errand-ical's read).
    public static func encode(_ item: TodoItem, into out: inout Data) {
        field(&out, "item", "")
        field(&out, "uid", item.uid)
        field(&out, "title", item.title)
        if let notes = item.notes { field(&out, "notes", notes) }
        if let due = item.due { field(&out, "due", due.iso) }
        if let time = item.time { field(&out, "time", String(time.minutes)) }
        if let location = item.location {
            field(&out, "place", location.name)
            if let c = location.coordinate { field(&out, "geo", "\(c.latitude) \(c.longitude)") }
        }
        field(&out, "done", item.isDone ? "1" : "0")
        field(&out, "created", String(Int64(item.created.timeIntervalSince1970)))
        field(&out, "modified", String(Int64(item.modified.timeIntervalSince1970)))
        if let rule = item.repeats { field(&out, "repeat", rule.stored) }
        if let text = item.icalendar { field(&out, "ical", text) }
        // What the reader could not take of the VTODO (a field past its limit), to be said.
        if let damage = item.damage { field(&out, "unread", damage) }
        // Each declared field under its name, as its iCalendar value text (ItemField+ICal).
        for (declared, value) in item.fields.present { field(&out, declared.name, declared.icalText(value)) }
    }

    /// The skipped kinds' records, which come before the first item.
    public static func encode(_ skipped: [Skipped], into out: inout Data) {
        for skipped in skipped { field(&out, "skipped", "\(skipped.kind) \(skipped.count)") }
    }

    static func field(_ out: inout Data, _ key: String, _ value: String) {
        let bytes = Array(value.utf8)
        out.append(contentsOf: Array("\(key) \(bytes.count)\n".utf8))
        out.append(contentsOf: bytes)
        out.append(UInt8(ascii: "\n"))
    }

    /// Whole iCalendar texts, one per calendar object (sync: one per PUT or per REPORT
    /// response), as `text LENGTH` fields.
    public static func encode(texts: [String]) -> Data {
        var out = Data()
        for text in texts { field(&out, "text", text) }
        return out
    }

    public static func decodeTexts(_ data: Data) throws -> [String] {
        try decodeTexts(bytes: [UInt8](data))
    }

    public static func decodeTexts(bytes: [UInt8]) throws -> [String] {
        var reader = FieldWalker(bytes: bytes)
        var texts: [String] = []
        while let (key, value) = try reader.next() {
            guard key == "text" else { throw Malformed(description: "\(key) where a text was expected") }
            texts.append(value)
        }
        return texts
    }

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads what `encode` wrote; anything else is `Malformed`, naming the first bad field.
    public static func decode(_ data: Data, newID: () -> UUID) throws -> Batch {
        try decode(bytes: [UInt8](data), newID: newID)
    }

    /// `decode` of bytes as read from the helper: a Data would be copied whole into an array
    /// first (157 MB more for an .ics of 500,000 VTODOs).
    public static func decode(bytes: [UInt8], newID: () -> UUID) throws -> Batch {
        var batch = Batch(items: [])
        var stream = CalendarWireStream()
        var reader = FieldWalker(bytes: bytes)
        try stream.records(&reader, newID: newID) { batch.items.append($0) }
        try stream.finish(newID: newID) { batch.items.append($0) }
        batch.skipped = stream.skipped
        return batch
    }

    static func item(_ f: [String: String], id: UUID) throws -> TodoItem {
        func bad(_ what: String) -> Malformed { Malformed(description: "item field \(what)") }
        guard let uid = f["uid"], let title = f["title"] else { throw bad("uid or title missing") }
        let due = try f["due"].map { text throws -> DueDay in try DueDay(iso: text) ?? { throw bad("due") }() }
        let time = try f["time"].map { text throws -> TimeOfDay in
            try Int(text).flatMap { TimeOfDay(minutes: $0) } ?? { throw bad("time") }()
        }
        var location: Location?
        if let name = f["place"] {
            var coordinate: Coordinate?
            if let geo = f["geo"] {
                let parts = geo.split(separator: " ").compactMap { Double($0) }
                guard parts.count == 2, let c = try? Coordinate(latitude: parts[0], longitude: parts[1]) else { throw bad("geo") }
                coordinate = c
            }
            location = Location(name: name, coordinate: coordinate)
        }
        guard let created = f["created"].flatMap(Int64.init), let modified = f["modified"].flatMap(Int64.init),
              Clock.supportedSeconds.contains(Double(created)), Clock.supportedSeconds.contains(Double(modified)) else {
            throw bad("created or modified")
        }
        let rule = try f["repeat"].map { text throws -> Repeat in try Repeat(stored: text) ?? { throw bad("repeat") }() }
        var fields = ItemFieldValues()
        for declared in ItemField.declared {
            guard let text = f[declared.name] else { continue }
            do {
                fields[declared] = try declared.value(icalTexts: [text])
            } catch {
                throw bad("\(declared.name): \(error.description)")
            }
        }
        var item = TodoItem(id: id, uid: uid, title: title, notes: f["notes"], due: due, time: time, location: location,
                            isDone: f["done"] == "1", created: Date(timeIntervalSince1970: Double(created)),
                            modified: Date(timeIntervalSince1970: Double(modified)), repeats: rule, icalendar: f["ical"],
                            fields: fields)
        item.damage = f["unread"]
        return item
    }

    /// Walks `KEY LENGTH\n BYTES \n` fields. `complete`: the bytes are all there are; else a
    /// field cut off at their end is left for more to come (next gives nil, position stays).
    struct FieldWalker {
        let bytes: [UInt8]
        var position = 0
        var complete = true

        init(bytes: [UInt8], complete: Bool = true) {
            self.bytes = bytes
            self.complete = complete
        }

        mutating func next() throws -> (String, String)? {
            guard position < bytes.count else { return nil }
            guard let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
                // A header is a short name and a length: a longer run without a line end is no header.
                if !complete, bytes.count - position <= 64 { return nil }
                throw Malformed(description: "a field header without its line end")
            }
            let header = String(decoding: bytes[position..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 2, let length = Int(header[1]), length >= 0 else {
                throw Malformed(description: "field \(header.first.map(String.init) ?? "?")")
            }
            // Checked against the bytes left before any sum: a huge length cannot overflow.
            guard length < bytes.count - newline - 1 else {
                if !complete { return nil }
                throw Malformed(description: "field \(header[0])")
            }
            guard bytes[newline + 1 + length] == UInt8(ascii: "\n") else { throw Malformed(description: "field \(header[0])") }
            let value = String(decoding: bytes[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)
            position = newline + 2 + length
            return (String(header[0]), value)
        }
    }
}
