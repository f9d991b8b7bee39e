@testable import ErrandTerminal
import Testing

/// What the prompt hands on: a pasted line over the limit never reaches the interpreter or
/// the history.
@Suite struct LineEditorLimitTests {
    static func read(_ text: [UInt8], maxBytes: Int) -> ReadResult {
        text.withUnsafeBufferPointer { LineEditor.result($0, maxBytes: maxBytes) }
    }

    @Test func theNewlineIsNotCountedAndOneByteOverIsRefused() {
        #expect(Self.read(Array("12345\n".utf8), maxBytes: 5) == .line("12345"))
        #expect(Self.read(Array("12345".utf8), maxBytes: 5) == .line("12345"))
        #expect(Self.read(Array("123456\n".utf8), maxBytes: 5) == .tooLong)
        #expect(Self.read([0x63, 0xFF, 0x0A], maxBytes: 5) == .line("c\u{FFFD}"))
        #expect(Self.read([UInt8](repeating: 0x61, count: (1 << 20) + 1), maxBytes: 1 << 20) == .tooLong)
    }
}
