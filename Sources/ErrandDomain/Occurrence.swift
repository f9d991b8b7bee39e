/// A finished occurrence of a repeating series, as Thunderbird and eM Client record it: a
/// second VTODO with the series's UID and a RECURRENCE-ID. Errand lists it as a done item of
/// its own (its day, its title) whose UID names the series and the occurrence, so reading the
/// same file or resource again finds the same item. Its VTODO stays inside the series's kept
/// text: the item is never written or sent on its own (a second resource of the same UID
/// would be refused by a CalDAV server, and would read as another series elsewhere).
public enum Occurrence {
    /// Between the series's UID and the RECURRENCE-ID's value: no client's UID holds it.
    static let marker = ";RECURRENCE-ID="

    /// The UID of the item standing for the occurrence `recurrenceID` (its value as written).
    public static func uid(series: String, recurrenceID: String) -> String {
        series + marker + recurrenceID
    }

    /// The UIDs of `series`'s occurrences are those from `from` up to, not including, `below`,
    /// compared byte by byte (SQLite's BINARY): `below` is the prefix with its last byte, the
    /// marker's "=", moved on by one.
    public static func uids(of series: String) -> (from: String, below: String) {
        (series + marker, series + marker.dropLast() + ">")
    }

    /// `items` without the occurrences whose series is not among them: rows an older
    /// Errand's swipe of the series left behind, which no command may change or delete.
    public static func withSeries(_ items: [TodoItem]) -> [TodoItem] {
        guard items.contains(where: \.isOccurrence) else { return items }
        let series = Set(items.lazy.filter { !$0.isOccurrence }.map(\.uid))
        return items.filter { item in Occurrence.seriesUID(of: item.uid).map(series.contains) ?? true }
    }

    /// The series's UID, when `uid` names an occurrence.
    public static func seriesUID(of uid: String) -> String? {
        guard let range = uid.firstRange(of: marker) else { return nil }
        return String(uid[..<range.lowerBound])
    }
}

extension TodoItem {
    /// A finished occurrence recorded apart from its series (Occurrence).
    public var isOccurrence: Bool { Occurrence.seriesUID(of: uid) != nil }
}
