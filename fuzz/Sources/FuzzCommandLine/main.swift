import ErrandShell

/// Any bytes as a command line: the tokenizer and the parser must answer or refuse, never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    _ = try? CommandParser().parse(line)
    _ = Tokenizer.splitPartial(line)
    _ = CommandTable.standard.suggestion(for: line)
    return 0
}
