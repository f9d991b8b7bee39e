import ErrandDomain
#if canImport(Glibc)
import Glibc
#endif

/// A Retry-After header's wait in seconds (RFC 9110 10.2.3): delay-seconds, or an HTTP-date
/// in any of the three forms a recipient must accept (IMF-fixdate "Sun, 06 Nov 1994 08:49:37
/// GMT", RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT", asctime "Sun Nov  6 08:49:37 1994").
/// Parsed by hand, not with strptime: month names must not follow the user's locale.
enum RetryAfter {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The wait from `now` (seconds since 1970), 0 for a date already past; nil for a value
    /// that is neither form (the reply is then treated as any other refusal).
    static func seconds(_ value: String, now: Int) -> Int? {
        let text = TextSafety.trimmed(value)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return text.utf8.count <= 9 ? Int(text) : Int.max
        }
        guard let moment = date(text) else { return nil }
        return max(0, moment - now)
    }

    /// Seconds since 1970 of an HTTP-date, nil when it is not one.
    static func date(_ text: String) -> Int? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map { $0.lowercased() }
        guard words.count == 5 || words.count == 6 else { return nil }
        var day: Int?, month: Int?, year: Int?, clock: [Int]?
        for word in words.dropFirst() {
            if let index = months.firstIndex(of: word) {
                month = index + 1
            } else if word.contains(":") {
                let parts = word.split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
                guard parts.count == 3, word.count == 8 else { return nil }
                clock = parts
            } else if let number = Int(word), word.count <= 4 {
                if day == nil, word.count <= 2 { day = number } else { year = number }
            } else if word != "gmt" {
                return nil
            }
        }
        guard let day, let month, var year, let clock, clock.count == 3 else { return nil }
        // RFC 850's two-digit year (RFC 9110 takes one more than 50 years ahead as the past century).
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        guard (1...31).contains(day), (1970...9999).contains(year), (0...23).contains(clock[0]),
              (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock[0])
        parts.tm_min = Int32(clock[1])
        parts.tm_sec = Int32(clock[2])
        return Int(timegm(&parts))
    }
}
