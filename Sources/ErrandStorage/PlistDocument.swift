import ErrandDomain
import FoundationEssentials

/// The on-disk shape of a property-list store: a dictionary marked as Errand's, with a schema
/// version and a revision counter that every write increments.
struct PlistDocument: Codable {
    static let formatName = "errand-store"
    /// 2: items may lack `due` and carry `uid`, `modified` and `icalendar` (iCalendar, sync).
    /// Version 1 files read as they are; the first change writes version 2.
    static let currentVersion = 2

    var format: String
    var version: Int
    var revision: Int
    var items: [PlistItem]
    var catalogue: PlistCatalogue?
    /// Absent in files written before undo survived a restart.
    var journal: PlistJournal?
    /// The geocoder's answers by PlaceKey (absent in older files).
    var places: [PlistPlace]?

    /// Absent while no remote is set (and in files written before sync).
    var sync: PlistSync?
    /// The saved searches by name (absent while there are none, and in older files).
    var searches: [SavedSearch]?
    /// What `run NAME --new` reported, per search (absent while nothing was).
    var seen: [PlistSearchBook.Seen]?
    /// The conflicts syncs resolved, oldest first (absent while there are none).
    var conflicts: [PlistConflict]?

    init(revision: Int, items: [TodoItem], catalogue: Catalogue?, journal: PlistJournal,
         places: [String: CachedPlace] = [:], ledger: SyncLedger = SyncLedger(), damaged: [UUID: PlistItem] = [:],
         book: PlistSearchBook = PlistSearchBook()) {
        format = Self.formatName
        version = Self.currentVersion
        self.revision = revision
        // An item still damaged was not changed (every write validates, which clears it).
        self.items = items.map { item in item.damage == nil ? PlistItem(item) : damaged[item.id] ?? PlistItem(item) }
        self.catalogue = catalogue.map(PlistCatalogue.init)
        self.journal = journal.entries.isEmpty ? nil : journal
        sync = PlistSync(ledger)
        conflicts = ledger.conflicts.isEmpty ? nil : ledger.conflicts.map(PlistConflict.init)
        searches = book.searches.isEmpty ? nil : book.searches
        seen = book.seenEntries
        self.places = places.isEmpty ? nil : places.keys.sorted().compactMap { key in places[key].map { PlistPlace(key: key, $0) } }
    }

    /// The geocoder cache as the store holds it; entries with impossible values are dropped
    /// (they are only a cache: the place is asked for again).
    var placeCache: [String: CachedPlace] {
        var cache: [String: CachedPlace] = [:]
        for place in places ?? [] { if let entry = place.cached { cache[place.key] = entry } }
        return cache
    }

    /// Decodes a whole file, naming the problem when it is not one of ours.
    /// The fields that say whose file this is, read before the rest.
    struct Header: Decodable {
        let format: String?
        let version: Int?
    }

    /// Decodes a whole file, naming the problem when it is not one of ours. PropertyListDecoder
    /// throughout: PropertyListSerialization crashed on a crafted binary plist (see ItemImporter).
    static func decode(_ data: Data, path: String) throws -> PlistDocument {
        guard PlistSniffer.isXMLOrBinary(data) else {
            throw StoreError.notAStore(path: path, reason: "not a readable property list")
        }
        guard PlistNesting.isWithinLimit(data) else {
            throw StoreError.notAStore(path: path, reason: "nested more than \(PlistNesting.limit) deep")
        }
        let header: Header
        do {
            header = try PropertyListDecoder().decode(Header.self, from: data)
        } catch DecodingError.typeMismatch {
            throw StoreError.notAStore(path: path, reason: "a property list of another shape")
        } catch {
            throw StoreError.notAStore(path: path, reason: "not a readable property list")
        }
        guard header.format == formatName else {
            throw StoreError.notAStore(path: path, reason: "a property list of another shape")
        }
        if let version = header.version, version > currentVersion {
            throw StoreError.newerSchema(path: path, found: version, supported: currentVersion)
        }
        do {
            return try PropertyListDecoder().decode(PlistDocument.self, from: data)
        } catch {
            throw StoreError.notAStore(path: path, reason: "damaged: \(PlistDocument.describe(error))")
        }
    }

    func encoded() throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(self)
    }

    /// The items, and the entries read as damaged by id as the file holds them (one pass).
    /// Two items with one id (a hand merge, a file-sync conflict) are refused, not read: the
    /// store keys items by id, so one would vanish at the next write. Not renumbered either:
    /// undo entries and sync state name items by id, and no rule can tell which copy they mean.
    func todoItems(path: String) throws -> (items: [TodoItem], damaged: [UUID: PlistItem]) {
        var damaged: [UUID: PlistItem] = [:]
        var firstIndex: [UUID: Int] = [:]
        let todos = try items.enumerated().map { index, entry in
            guard let todo = entry.todoItem else {
                throw StoreError.notAStore(path: path, reason: "damaged: item \(index + 1) has an invalid field")
            }
            if let earlier = firstIndex.updateValue(index, forKey: todo.id) {
                throw StoreError.notAStore(path: path, reason: "damaged: items \(earlier + 1) and \(index + 1) share the id "
                    + "\(UUIDText.of(todo.id)); fix the file by hand, giving one a new id or removing it")
            }
            if todo.damage != nil { damaged[todo.id] = entry }
            return todo
        }
        return (todos, damaged)
    }

    static func describe(_ error: Error) -> String {
        if case let DecodingError.keyNotFound(key, context) = error {
            return "missing \(key.stringValue) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        if case let DecodingError.typeMismatch(_, context) = error {
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        if case let DecodingError.dataCorrupted(context) = error { return context.debugDescription }
        return "\(error)"
    }
}

struct PlistItem: Codable {
    var id: String
    /// Absent when it is `id` (every item made here, and every item of a version 1 file).
    var uid: String?
    var title: String
    var notes: String?
    /// Absent for an item without a due day.
    var due: String?
    var time: Int?
    var place: String?
    var latitude: Double?
    var longitude: Double?
    var done: Bool
    var created: Date
    /// Absent when it is `created` (items of a version 1 file).
    var modified: Date?
    var sequence: Int64
    /// Repeat.stored; absent for an item that does not repeat (and in older files).
    var repeats: String?
    var icalendar: String?
    /// The declared fields, each under its own key (FieldCoding).
    var fields: ItemFieldValues
    /// What could not be read of them.
    var fieldDamage = ItemDamage()

    private enum CodingKeys: String, CodingKey {
        case id, uid, title, notes, due, time, place, latitude, longitude, done, created, modified, sequence, repeats
        case icalendar
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        uid = try c.decodeIfPresent(String.self, forKey: .uid)
        title = try c.decode(String.self, forKey: .title)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        due = try c.decodeIfPresent(String.self, forKey: .due)
        time = try c.decodeIfPresent(Int.self, forKey: .time)
        place = try c.decodeIfPresent(String.self, forKey: .place)
        latitude = try c.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try c.decodeIfPresent(Double.self, forKey: .longitude)
        done = try c.decode(Bool.self, forKey: .done)
        created = try c.decode(Date.self, forKey: .created)
        modified = try c.decodeIfPresent(Date.self, forKey: .modified)
        sequence = try c.decode(Int64.self, forKey: .sequence)
        repeats = try c.decodeIfPresent(String.self, forKey: .repeats)
        icalendar = try c.decodeIfPresent(String.self, forKey: .icalendar)
        fields = try FieldCoding.decode(from: decoder, damage: &fieldDamage)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(uid, forKey: .uid)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encodeIfPresent(due, forKey: .due)
        try c.encodeIfPresent(time, forKey: .time)
        try c.encodeIfPresent(place, forKey: .place)
        try c.encodeIfPresent(latitude, forKey: .latitude)
        try c.encodeIfPresent(longitude, forKey: .longitude)
        try c.encode(done, forKey: .done)
        try c.encode(created, forKey: .created)
        try c.encodeIfPresent(modified, forKey: .modified)
        try c.encode(sequence, forKey: .sequence)
        try c.encodeIfPresent(repeats, forKey: .repeats)
        try c.encodeIfPresent(icalendar, forKey: .icalendar)
        try FieldCoding.encode(fields, to: encoder)
    }

    init(_ item: TodoItem) {
        id = UUIDText.of(item.id)
        uid = item.uid == id ? nil : item.uid
        title = item.title
        notes = item.notes
        due = item.due?.iso
        time = item.time?.minutes
        place = item.location?.name
        latitude = item.location?.coordinate?.latitude
        longitude = item.location?.coordinate?.longitude
        done = item.isDone
        created = item.created
        modified = item.modified
        sequence = item.sequence
        repeats = item.repeats?.stored
        icalendar = item.icalendar
        fields = item.fields
    }

    /// nil only without a readable id; any other impossible value is read as absent and named
    /// in the item's damage (ItemDamage), as SQLite reads it.
    var todoItem: TodoItem? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        var damage = fieldDamage
        let created = damage.moment(seconds: self.created.timeIntervalSince1970, name: "created",
                                    fallback: Date(timeIntervalSince1970: 0))
        let modified = self.modified.map { damage.moment(seconds: $0.timeIntervalSince1970, name: "modified", fallback: created) }
        let location = place.map { Location(name: $0, coordinate: damage.coordinate(latitude: latitude, longitude: longitude)) }
        let rule = repeats.flatMap(Repeat.init(stored:))
        if repeats != nil, rule == nil { return nil }
        var item = TodoItem(id: uuid, uid: uid, title: title, notes: notes, due: damage.day(iso: due),
                            time: damage.time(minutes: time), location: location, isDone: done, created: created,
                            modified: modified, sequence: sequence, repeats: rule, icalendar: icalendar,
                            fields: fields)
        item.damage = damage.text
        return item
    }
}

/// The ads cache inside a property-list store.
struct PlistCatalogue: Codable {
    struct Category: Codable {
        var id: Int64
        var name: String
    }

    struct Entry: Codable {
        var id: Int64
        var category: Int64
        var title: String
        var description: String
        var price: Double
        var small: String?
        var thumb: String?
        var created: Int64
        var urgent: Bool
        var siret: String?
        /// Absent when false (and in older files), as is repostOf when none.
        var starred: Bool?
        var gone: Bool?
        var repostOf: Int64?
        var hidden: Bool?
    }

    /// An earlier price of an ad (Catalogue.earlierPrices).
    struct Price: Codable {
        var ad: Int64
        var price: Double
        var seen: Int64
    }

    var source: String
    var fetched: Int64
    var categories: [Category]
    var ads: [Entry]
    /// Absent while no price changed (and in older files).
    var prices: [Price]?

    init(_ catalogue: Catalogue) {
        source = catalogue.source
        fetched = catalogue.fetched
        categories = catalogue.categories.map { Category(id: $0.id, name: $0.name) }
        ads = catalogue.ads.map {
            Entry(id: $0.id, category: $0.categoryID, title: $0.title, description: $0.description, price: $0.price,
                  small: $0.smallImage, thumb: $0.thumbImage, created: $0.created, urgent: $0.isUrgent, siret: $0.siret,
                  starred: $0.isStarred ? true : nil, gone: $0.isGone ? true : nil, repostOf: $0.repostOf,
                  hidden: $0.isHidden ? true : nil)
        }
        let points = catalogue.earlierPrices.keys.sorted().flatMap { id in
            (catalogue.earlierPrices[id] ?? []).map { Price(ad: id, price: $0.price, seen: $0.seen) }
        }
        prices = points.isEmpty ? nil : points
    }

    /// nil when a value could not have come from a checked sync (a hand-edited file).
    var catalogue: Catalogue? {
        let seconds = Clock.supportedSeconds
        guard ads.allSatisfy({ seconds.contains(Double($0.created)) && $0.price.isFinite }) else { return nil }
        var catalogue = Catalogue(ads: ads.map {
            var ad = Ad(id: $0.id, categoryID: $0.category, title: $0.title, description: $0.description, price: $0.price,
                        smallImage: $0.small, thumbImage: $0.thumb, created: $0.created, isUrgent: $0.urgent, siret: $0.siret)
            ad.isStarred = $0.starred ?? false
            ad.isGone = $0.gone ?? false
            ad.repostOf = $0.repostOf
            ad.isHidden = $0.hidden ?? false
            return ad
        }, categories: categories.map { AdCategory(id: $0.id, name: $0.name) }, source: source, fetched: fetched)
        for point in prices ?? [] where point.price.isFinite {
            catalogue.earlierPrices[point.ad, default: []].append(PricePoint(price: point.price, seen: point.seen))
        }
        return catalogue
    }
}

/// One geocoder answer inside a property-list store; no coordinates: no such place.
struct PlistPlace: Codable {
    var key: String
    var name: String
    var latitude: Double?
    var longitude: Double?
    var address: String?
    var candidates: Int
    var fetched: Int64

    init(key: String, _ entry: CachedPlace) {
        self.key = key
        name = entry.name
        latitude = entry.match?.coordinate.latitude
        longitude = entry.match?.coordinate.longitude
        address = entry.match?.address
        candidates = entry.match?.candidates ?? 0
        fetched = entry.fetched
    }

    var cached: CachedPlace? {
        guard let latitude, let longitude else { return CachedPlace(name: name, match: nil, fetched: fetched) }
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        return CachedPlace(name: name, match: PlaceMatch(coordinate: coordinate, address: address ?? "", candidates: candidates),
                           fetched: fetched)
    }
}
