#if canImport(Glibc)
import Glibc
#endif

/// The name of the system's time zone, as Foundation's TimeZone.current gave it (FoundationEssentials
/// alone knows only GMT): TZ when it names a zone of the system's database, else the zone
/// /etc/localtime links to, else GMT.
enum LocalZoneName {
    static let zoneinfo = "/usr/share/zoneinfo/"

    static var current: String {
        if let tz = getenv("TZ").map({ String(cString: $0) }), let name = named(tz) { return name }
        if let target = linkTarget("/etc/localtime"), let range = target.firstRange(of: "zoneinfo/") {
            return String(target[range.upperBound...])
        }
        return "GMT"
    }

    /// "Europe/Paris", ":Europe/Paris" or a path into the zone database; nil when no such zone.
    static func named(_ tz: String) -> String? {
        var name = Substring(tz)
        if name.hasPrefix(":") { name = name.dropFirst() }
        if name.hasPrefix(zoneinfo) { name = name.dropFirst(zoneinfo.count) }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains(".."), access(zoneinfo + name, R_OK) == 0 else {
            return nil
        }
        return String(name)
    }

    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
