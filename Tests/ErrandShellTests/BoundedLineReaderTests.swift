@testable import ErrandShell
import Testing

/// The script reader, fed from memory in chunks of every size: lines across chunk edges, the
/// limit to the byte, skipping a long line, giving up on a stream without a newline.
@Suite struct BoundedLineReaderTests {
    /// Hands out `bytes` at most `step` at a time, as a pipe might; counts the calls.
    final class Feed {
        private var bytes: ArraySlice<UInt8>
        let step: Int
        private(set) var reads = 0
        private(set) var handedOut = 0

        init(_ bytes: [UInt8], step: Int) {
            self.bytes = bytes[...]
            self.step = step
        }

        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            reads += 1
            let part = bytes.prefix(min(step, buffer.count))
            bytes = bytes.dropFirst(part.count)
            buffer.copyBytes(from: part)
            handedOut += part.count
            return part.count
        }
    }

    static func all(_ reader: BoundedLineReader) -> [BoundedLineReader.Next] {
        var lines: [BoundedLineReader.Next] = []
        while let next = reader.next() { lines.append(next) }
        return lines
    }

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func linesSurviveEveryChunkEdge(_ step: Int) {
        let feed = Feed(Array("view\r\n\nlist\ncafé ".utf8) + [0xFF] + Array("\nlast".utf8) + [0xFF], step: step)
        let reader = BoundedLineReader(limit: 100, skipLimit: nil, chunkSize: 5) { feed.read($0) }
        #expect(Self.all(reader) == [.line("view"), .line(""), .line("list"), .line("café \u{FFFD}"), .line("last\u{FFFD}")])
    }

    @Test(arguments: [1, 3, 16, 4096])
    func theLimitIsExactAndALongLineIsSkippedToItsNewline(_ step: Int) {
        let limit = 50
        let exact = [UInt8](repeating: 0x61, count: limit)
        let over = [UInt8](repeating: 0x62, count: limit + 1)
        let huge = [UInt8](repeating: 0x63, count: limit * 40)
        let bytes = exact + [0x0A] + over + [0x0A] + Array("next\n".utf8) + huge + [0x0A] + Array("after".utf8)
        let feed = Feed(bytes, step: step)
        let reader = BoundedLineReader(limit: limit, skipLimit: huge.count, chunkSize: 8) { feed.read($0) }
        #expect(Self.all(reader) == [.line(String(repeating: "a", count: limit)), .tooLong, .line("next"), .tooLong, .line("after")])
    }

    @Test func aLongLastLineWithoutANewlineIsRefusedAndEndsTheInput() {
        let feed = Feed(Array("ok\n".utf8) + [UInt8](repeating: 0x78, count: 1000), step: 64)
        let reader = BoundedLineReader(limit: 100, skipLimit: nil, chunkSize: 32) { feed.read($0) }
        #expect(Self.all(reader) == [.line("ok"), .tooLong])
    }

    @Test func anEndlessLineStopsTheReaderAfterTheSkipLimit() {
        var reads = 0
        let reader = BoundedLineReader(limit: 1000, skipLimit: 10_000, chunkSize: 256) { buffer in
            reads += 1
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            return buffer.count
        }
        #expect(reader.next() == .endless)
        #expect(reader.next() == nil)
        // The limit, the skip limit and a chunk or two of slack: never more.
        #expect(reads * 256 <= 1000 + 10_000 + 2 * 256)
    }

    @Test func aLineIsAnsweredAsSoonAsItsNewlineArrives() {
        // A pipe hands over one command at a time: the reader must not wait for a full chunk.
        let feed = Feed(Array("create a\n".utf8), step: 9)
        let reader = BoundedLineReader(limit: 100, skipLimit: nil, chunkSize: 4096) { feed.read($0) }
        #expect(reader.next() == .line("create a"))
        #expect(feed.reads == 1)
    }

    @Test func aLineArrivingAByteAtATimeComesWhole() {
        let feed = Feed([UInt8](repeating: 0x7A, count: 200_000) + [0x0A], step: 1)
        let reader = BoundedLineReader(limit: 1 << 20, skipLimit: nil) { feed.read($0) }
        #expect(reader.next() == .line(String(repeating: "z", count: 200_000)))
        #expect(feed.handedOut == 200_001)
    }
}
