import ErrandDomain
import ErrandShell

/// Any bytes as a command line: the tokenizer, the parser and the value checks must answer or
/// refuse, never crash. Rows, dates and commands are checked against a small listing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes, let today = DueDay(year: 2026, month: 11, day: 29) else { return 0 }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    let context = ParseContext(today: today, listing: (0..<7).map { .day(today.adding(days: $0)) })
    _ = try? CommandParser().parse(line, context: context)
    _ = Tokenizer.splitPartial(line)
    _ = CommandTable.standard.suggestion(for: line)
    return 0
}
