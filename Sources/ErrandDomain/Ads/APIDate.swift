/// The API's `creation_date`: `yyyy-MM-dd'T'HH:mm:ssZ` (`2019-11-05T15:56:59+0000`), also
/// accepting `Z` and `+01:00`. Parsed by hand: DateFormatter costs ~50 µs a call.
public enum APIDate {
    public static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58,
              let year = DueDay.digits(b[0..<4]), let month = DueDay.digits(b[5..<7]),
              let day = DueDay.digits(b[8..<10]), let hour = DueDay.digits(b[11..<13]),
              let minute = DueDay.digits(b[14..<16]), let second = DueDay.digits(b[17..<19]),
              hour < 24, minute < 60, second < 61,
              let date = DueDay(year: year, month: month, day: day) else { return nil }
        var offset = 0
        let zone = b[19...]
        if zone.count == 1, zone.first == 90 {
            offset = 0
        } else {
            guard let sign = zone.first, sign == 43 || sign == 45 else { return nil }
            let digits = zone.dropFirst().filter { $0 != 58 }
            guard digits.count == 4, zone.count == 5 || (zone.count == 6 && zone[zone.startIndex + 3] == 58),
                  let h = DueDay.digits(digits[digits.startIndex..<digits.startIndex + 2]),
                  let m = DueDay.digits(digits[(digits.startIndex + 2)...]), h < 24, m < 60 else { return nil }
            offset = (h * 3600 + m * 60) * (sign == 45 ? -1 : 1)
        }
        return Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    }

    /// Back to the API's own format, in UTC.
    public static func format(_ seconds: Int64) -> String {
        let day = DueDay(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let rest = Int(seconds - Int64(day.dayNumber) * 86_400)
        return day.iso + "T" + DueDay.pad(rest / 3600, 2) + ":" + DueDay.pad(rest / 60 % 60, 2) + ":"
            + DueDay.pad(rest % 60, 2) + "+0000"
    }
}
