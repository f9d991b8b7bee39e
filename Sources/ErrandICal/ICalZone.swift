import CLibical
import ErrandDomain
import FoundationEssentials

/// The user's time zone, libical's on both sides: to write a DUE with its TZID and VTIMEZONE,
/// and to read any DATE-TIME as the day and time the user sees (libical converts with the
/// system's zone database; Foundation's zones would bring ICU into errand-ical).
public struct ICalZone {
    public let name: String
    /// nil for UTC (written with Z) and for a zone libical does not know (written floating).
    let zone: OpaquePointer?
    public let isUTC: Bool

    public init(name: String) {
        self.name = name
        isUTC = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Z", "Etc/Zulu", "Zulu", "UCT"].contains(name)
        zone = isUTC ? nil : icaltimezone_get_builtin_timezone(name)
    }

    /// A moment as UTC, for CREATED, LAST-MODIFIED, DTSTAMP and COMPLETED.
    static func utc(_ date: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
    }

    /// The moment a UTC or zoned DATE-TIME names; nil for a floating one or a null time.
    static func moment(_ t: icaltimetype) -> Date? {
        guard icaltime_is_null_time(t) == 0, icaltime_is_valid_time(t) != 0 else { return nil }
        if t.is_date != 0 { return nil }
        let zone = icaltime_is_utc(t) != 0 ? icaltimezone_get_utc_timezone() : t.zone
        guard let zone else { return nil }
        return Date(timeIntervalSince1970: Double(icaltime_as_timet_with_zone(t, zone)))
    }

    /// DUE as Errand holds it: a DATE is a day; a DATE-TIME is the day and minute it falls on
    /// in this zone (a floating one as written). nil for no valid time.
    func due(_ t: icaltimetype) -> (day: DueDay, time: TimeOfDay?)? {
        guard icaltime_is_null_time(t) == 0 else { return nil }
        if t.is_date != 0 || (t.zone == nil && icaltime_is_utc(t) == 0) {
            guard let day = DueDay(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return nil }
            return (day, t.is_date != 0 ? nil : TimeOfDay(minutes: Int(t.hour) * 60 + Int(t.minute)))
        }
        guard let date = ICalZone.moment(t), Clock.supportedSeconds.contains(date.timeIntervalSince1970) else { return nil }
        // Seen from the user's zone (UTC for one libical does not know, as before).
        let local = icaltime_convert_to_zone(t, zone ?? icaltimezone_get_utc_timezone())
        guard let day = DueDay(year: Int(local.year), month: Int(local.month), day: Int(local.day)) else { return nil }
        return (day, TimeOfDay(minutes: Int(local.hour) * 60 + Int(local.minute)))
    }

    /// DUE as written: a DATE, or a DATE-TIME in this zone (TZID), in UTC, or floating.
    func due(_ day: DueDay, _ time: TimeOfDay?) -> icaltimetype {
        var t = icaltime_null_time()
        let c = day.civil
        t.year = Int32(c.year)
        t.month = Int32(c.month)
        t.day = Int32(c.day)
        guard let time else {
            t.is_date = 1
            return t
        }
        t.hour = Int32(time.minutes / 60)
        t.minute = Int32(time.minutes % 60)
        t.zone = isUTC ? icaltimezone_get_utc_timezone() : zone
        return t
    }

    /// The TZID a DATE-TIME in this zone carries, when it carries one: the zone's name, as other
    /// clients write it (`Europe/Paris`), not libical's `/freeassociation.sourceforge.net/...`,
    /// which its zoneinfo loader puts in whatever prefix it is told.
    var tzid: String? { zone == nil ? nil : name }

    /// This zone's VTIMEZONE, a copy the caller owns, under `tzid`.
    func vtimezone() -> OpaquePointer? {
        guard let zone, let builtin = icaltimezone_get_component(zone),
              let copy = icalcomponent_new_clone(builtin) else { return nil }
        if let property = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) { icalproperty_set_tzid(property, name) }
        return copy
    }
}
