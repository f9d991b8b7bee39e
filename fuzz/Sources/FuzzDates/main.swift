import ErrandDomain

enum FuzzDates {
    /// A locale's names as DayLabeler.inputWords gives them (fixed: the fuzzer runs without locales).
    static let french = LocalDateWords(months: ["janv": 1, "fevr": 2, "decembre": 12, "dec": 12],
                                       weekdays: ["lundi": 1, "mer": 3, "dimanche": 0])
}

/// Any bytes as a typed date, against a few "todays" including the calendar's edges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    for today in [DueDay(year: 2026, month: 11, day: 29), DueDay(year: 1, month: 1, day: 1), DueDay(year: 9999, month: 12, day: 31)] {
        guard let today else { continue }
        // As planned (create), as looked at (day, week), and in another language's words.
        for nearest in [false, true] {
            for local in [LocalDateWords(), FuzzDates.french] {
                if let result = try? DateInputParser.parse(text, today: today, nearest: nearest, local: local) {
                    _ = result.day.iso
                    _ = DayLabeler.english.longLabel(result.day)
                }
            }
        }
    }
    _ = APIDate.parse(text)
    return 0
}
