import ErrandDomain

/// Any bytes as a typed date, against a few "todays" including the calendar's edges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    for today in [DueDay(year: 2026, month: 11, day: 29), DueDay(year: 1, month: 1, day: 1), DueDay(year: 9999, month: 12, day: 31)] {
        guard let today else { continue }
        if let result = try? DateInputParser.parse(text, today: today) {
            _ = result.day.iso
            _ = DayLabeler.english.longLabel(result.day)
        }
        _ = DateInputParser.continues(text, with: text)
    }
    _ = APIDate.parse(text)
    return 0
}
