import FoundationEssentials

/// What a store could not read of one item, gathered while its raw values are turned into
/// fields. Both backends and the undo journal read through here, so a value no store may hold
/// (a day outside the years 1 to 9999, a time past midnight, an impossible coordinate) is
/// treated the same everywhere: read as absent and named, so the item is listed marked
/// `damaged` and can be edited, deleted or undone, and one bad row never locks the rest.
public struct ItemDamage: Equatable, Sendable {
    public private(set) var reasons: [String] = []

    public init() {}

    /// One line for the user, or nil when nothing was wrong.
    public var text: String? { reasons.isEmpty ? nil : reasons.joined(separator: "; ") }

    /// A day kept as a day number (SQLite); nil stays nil.
    public mutating func day(number: Int?) -> DueDay? {
        guard let number else { return nil }
        guard DueDay.supportedDayNumbers.contains(number) else {
            reasons.append("its due day is outside the years 1 to 9999")
            return nil
        }
        return DueDay(dayNumber: number)
    }

    /// A day kept as `YYYY-MM-DD` (the property-list store, the journal).
    public mutating func day(iso: String?) -> DueDay? {
        guard let iso else { return nil }
        guard let day = DueDay(iso: iso) else {
            reasons.append("its due day is not a real day")
            return nil
        }
        return day
    }

    public mutating func time(minutes: Int?) -> TimeOfDay? {
        guard let minutes else { return nil }
        guard let time = TimeOfDay(minutes: minutes) else {
            reasons.append("its time is not a time of day")
            return nil
        }
        return time
    }

    /// A moment (created, modified) outside what the clock converts reads as `fallback`.
    public mutating func moment(seconds: Double, name: String, fallback: Date) -> Date {
        guard Clock.supportedSeconds.contains(seconds) else {
            reasons.append("its \(name) time is outside the years 1 to 9999")
            return fallback
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Both coordinates or neither; a pair out of range is dropped (the place keeps its name).
    public mutating func coordinate(latitude: Double?, longitude: Double?) -> Coordinate? {
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case let (lat?, lon?):
            if let coordinate = try? Coordinate(latitude: lat, longitude: lon) { return coordinate }
            reasons.append("its coordinates are out of range")
            return nil
        default:
            reasons.append("its place has half a coordinate")
            return nil
        }
    }

    /// A declared field's stored value, checked as a user's would be (ItemField.checked); one
    /// it refuses reads as absent, and the item keeps every other field.
    public mutating func field(_ field: ItemField, _ raw: FieldValue?) -> FieldValue? {
        guard let raw else { return nil }
        do {
            return try field.checked(raw)
        } catch {
            reasons.append("its \(field.name) cannot be read (\(error.description))")
            return nil
        }
    }

    /// A stand-in id for a row whose own is not a UUID, the same at every read (made from the
    /// row's number), with the reason that names the row for a repair by hand.
    public mutating func unreadableID(row: Int64) -> UUID {
        reasons.append("its id is not a UUID (row \(row) of the item table): only a repair by hand (sqlite3) can mend it")
        let hex = String(UInt64(bitPattern: row), radix: 16)
        let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex.suffix(12)
        return UUID(uuidString: "DA3A6ED0-0000-4000-8000-" + digits) ?? UUID(uuid: (0xDA, 0x3A, 0x6E, 0xD0, 0, 0, 0x40, 0,
                                                                                 0x80, 0, 0, 0, 0, 0, 0, 0))
    }
}
