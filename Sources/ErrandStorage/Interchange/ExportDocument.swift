import ErrandDomain
import FoundationEssentials

/// The JSON export: every field of every item, absent fields left out (encoded with sorted
/// keys, so the file reads the same for the same items). `import` reads it back whole, so
/// `export x.json`, `clear`, `import x.json` gives back the same list.
struct ExportDocument: Codable {
    static let formatName = "errand-export"
    /// 2: `repeat` as the store keeps it (with its anchor day and after-done mark) and the kept
    /// VTODO as `icalendar`. Version 1 files (`"every 2 weeks"`) are still read.
    static let currentVersion = 2

    var format = ExportDocument.formatName
    var version = ExportDocument.currentVersion
    let items: [Row]

    init(items: [Row]) {
        self.items = items
    }

    struct Row: Codable {
        let id: String
        let uid: String
        let title: String
        let date: String?
        let done: Bool
        let created: Int
        let modified: Int
        let `repeat`: String?
        let notes: String?
        let time: String?
        let location: Place?
        let icalendar: String?
        /// The declared fields, each under its own key (FieldCoding): `"priority": 1`.
        let fields: ItemFieldValues
        private var fieldDamage = ItemDamage()

        private enum CodingKeys: String, CodingKey {
            case id, uid, title, date, done, created, modified, `repeat`, notes, time, location, icalendar
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            uid = try c.decode(String.self, forKey: .uid)
            title = try c.decode(String.self, forKey: .title)
            date = try c.decodeIfPresent(String.self, forKey: .date)
            done = try c.decode(Bool.self, forKey: .done)
            created = try c.decode(Int.self, forKey: .created)
            modified = try c.decode(Int.self, forKey: .modified)
            `repeat` = try c.decodeIfPresent(String.self, forKey: .repeat)
            notes = try c.decodeIfPresent(String.self, forKey: .notes)
            time = try c.decodeIfPresent(String.self, forKey: .time)
            location = try c.decodeIfPresent(Place.self, forKey: .location)
            icalendar = try c.decodeIfPresent(String.self, forKey: .icalendar)
            fields = try FieldCoding.decode(from: decoder, damage: &fieldDamage)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(uid, forKey: .uid)
            try c.encode(title, forKey: .title)
            try c.encodeIfPresent(date, forKey: .date)
            try c.encode(done, forKey: .done)
            try c.encode(created, forKey: .created)
            try c.encode(modified, forKey: .modified)
            try c.encodeIfPresent(`repeat`, forKey: .repeat)
            try c.encodeIfPresent(notes, forKey: .notes)
            try c.encodeIfPresent(time, forKey: .time)
            try c.encodeIfPresent(location, forKey: .location)
            try c.encodeIfPresent(icalendar, forKey: .icalendar)
            try FieldCoding.encode(fields, to: encoder)
        }

        init(_ item: TodoItem) {
            id = item.id.uuidString
            uid = item.uid
            title = item.title
            date = item.due?.iso
            done = item.isDone
            created = Int(item.created.timeIntervalSince1970)
            modified = Int(item.modified.timeIntervalSince1970)
            `repeat` = item.repeats?.stored
            notes = item.notes
            time = item.time?.description
            location = item.location.map(Place.init)
            icalendar = item.icalendar
            fields = item.fields
        }

        /// The item this row describes; the reason names the field that is wrong.
        func item() throws -> TodoItem {
            if let reason = fieldDamage.text { throw ItemImporter.Failure(reason) }
            guard let id = UUID(uuidString: id) else { throw ItemImporter.Failure("id is not a UUID") }
            var due: DueDay?
            if let date {
                guard let day = DueDay(iso: date) else { throw ItemImporter.Failure("date is not YYYY-MM-DD") }
                due = day
            }
            var time: TimeOfDay?
            if let text = self.time {
                guard let parsed = TimeOfDay(text: text) else { throw ItemImporter.Failure("time is not HH:MM") }
                time = parsed
            }
            var repeats: Repeat?
            if let text = self.repeat {
                guard let rule = Repeat(stored: text) ?? Row.versionOneRepeat(text, from: due) else {
                    throw ItemImporter.Failure("repeat is not a rule Errand writes")
                }
                repeats = rule
            }
            for (name, seconds) in [("created", created), ("modified", modified)]
            where !Clock.supportedSeconds.contains(Double(seconds)) {
                throw ItemImporter.Failure("\(name) is outside the years 1 to 9999")
            }
            return TodoItem(id: id, uid: uid, title: title, notes: notes, due: due, time: time,
                            location: try location?.location(), isDone: done,
                            created: Date(timeIntervalSince1970: Double(created)),
                            modified: Date(timeIntervalSince1970: Double(modified)), repeats: repeats,
                            icalendar: icalendar, fields: fields)
        }

        /// `every 2 weeks after done`, as version 1 wrote it.
        static func versionOneRepeat(_ text: String, from due: DueDay?) -> Repeat? {
            guard text.hasPrefix("every ") else { return nil }
            var rule = text.dropFirst("every ".count)
            let afterDone = rule.hasSuffix(" after done")
            if afterDone { rule = rule.dropLast(" after done".count) }
            return Repeat(text: String(rule), afterDone: afterDone, from: due)
        }
    }

    struct Place: Codable {
        let name: String
        let latitude: Double?
        let longitude: Double?

        init(_ location: Location) {
            name = location.name
            latitude = location.coordinate?.latitude
            longitude = location.coordinate?.longitude
        }

        func location() throws -> Location {
            switch (latitude, longitude) {
            case let (lat?, lon?): return Location(name: name, coordinate: try Coordinate(latitude: lat, longitude: lon))
            case (nil, nil): return Location(name: name)
            default: throw ItemImporter.Failure("location needs latitude and longitude together")
            }
        }
    }
}
