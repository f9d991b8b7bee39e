import ErrandDAVWire
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The framing between errand and `errand-fetch --dav`: what one side writes the other reads
/// back exactly, and a broken or hostile peer gets a Malformed error, never a huge allocation.
@Suite struct DAVWireTests {
    func frames(_ bytes: [UInt8], maxBody: Int = 1 << 20) throws -> [DAVWire.Frame] {
        var source = ArraySource(bytes)
        var out: [DAVWire.Frame] = []
        while let frame = try DAVWire.read(from: &source, maxBody: maxBody) { out.append(frame) }
        return out
    }

    func malformed(_ text: String, maxBody: Int = 1 << 20) -> String? {
        var source = ArraySource(Array(text.utf8))
        do {
            _ = try DAVWire.read(from: &source, maxBody: maxBody)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func credentialsRequestsAndRepliesComeBackAsWritten() throws {
        let request = DAVRequest(method: "REPORT", url: "http://127.0.0.1:5232/u/tasks/",
                                 headers: [("Depth", "1"), ("Content-Type", "application/xml")],
                                 body: Array("<sync-collection/>\n\nwith blank lines".utf8))
        let response = DAVResponse(status: 207, headers: ["etag": "\"3\"", "content-type": "text/xml"], body: [0, 10, 255])
        let bytes = DAVWire.credentials(user: "ann", password: "p:ss word\n") + DAVWire.encode(request, id: 7)
            + DAVWire.encode(.response(response), id: 7) + DAVWire.encode(.failed(wireLine: "unreachable x"), id: 8)
        #expect(try frames(bytes) == [
            .auth(user: "ann", password: "p:ss word\n"),
            .request(id: 7, request),
            .reply(id: 7, .response(response)),
            .reply(id: 8, .failed(wireLine: "unreachable x")),
        ])
    }

    /// A line break in a header or a failure line would end its line early and shift every
    /// frame after it: it travels as a space.
    @Test func lineBreaksInHeadFieldsTravelAsSpaces() throws {
        let request = DAVRequest(method: "PUT", url: "http://h/a.ics", headers: [("If-Match", "\"1\"\r\nX-Evil: 1")])
        let bytes = DAVWire.encode(request, id: 1) + DAVWire.encode(.failed(wireLine: "two\nlines"), id: 2)
        #expect(try frames(bytes) == [
            .request(id: 1, DAVRequest(method: "PUT", url: "http://h/a.ics", headers: [("If-Match", "\"1\"  X-Evil: 1")])),
            .reply(id: 2, .failed(wireLine: "two lines")),
        ])
    }

    @Test func brokenFramesAreRefusedWithWhatIsWrong() {
        #expect(malformed("REQUEST 1 GET 0 5\nhttp://h/\nabc") == "input ended inside a frame")
        #expect(malformed("REQUEST 1 GET 0 2000000\nhttp://h/\n") == "bad count in REQUEST")
        #expect(malformed("REQUEST 1 GET 65 0\nhttp://h/\n") == "bad count in REQUEST")
        #expect(malformed("REQUEST 1 GET 0\nhttp://h/\n") == "bad REQUEST line")
        #expect(malformed("REQUEST 1 GET 1 0\nhttp://h/\nno colon\n") == "bad header line")
        #expect(malformed("RESPONSE 1 1000 0 0\n") == "bad count in RESPONSE")
        #expect(malformed("RESPONSE -1 200 0 0\n") == "bad count in RESPONSE")
        #expect(malformed("AUTH 5000 1\n") == "bad count in AUTH")
        #expect(malformed("HELLO 1\n")?.hasPrefix("unknown frame HELLO") == true)
        #expect(malformed("") == nil)
    }

    /// Requests of random methods, URLs, headers and bodies, seeded (the seed is printed).
    @Test func randomRequestsComeBackAsWritten() throws {
        let seed = TestSeed.draw(for: "DAVWireTests.randomRequestsComeBackAsWritten")
        var rng = SeededGenerator(seed: seed)
        func word() -> String {
            String((0..<Int.random(in: 1...12, using: &rng)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &rng)))
            })
        }
        var sent: [DAVWire.Frame] = []
        var bytes: [UInt8] = []
        for id in 0..<200 {
            let headers = (0..<Int.random(in: 0...5, using: &rng)).map { _ in (word().replacingColons(), word()) }
            let body = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let request = DAVRequest(method: word(), url: "http://h/" + word(), headers: headers, body: body)
            sent.append(.request(id: id, request))
            bytes += DAVWire.encode(request, id: id)
        }
        #expect(try frames(bytes) == sent, "seed \(seed)")
    }

    /// The helper reads errand's frames from a pipe, which splits them anywhere.
    @Test func framesSplitAcrossReadsOfAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let body = [UInt8](repeating: 0x41, count: 200_000)
        let request = DAVRequest(method: "PUT", url: "http://h/big.ics", headers: [("Content-Type", "text/calendar")], body: body)
        let bytes = DAVWire.encode(request, id: 3) + DAVWire.encode(.failed(wireLine: "done"), id: 4)
        let (reading, writing) = (ends[0], ends[1])
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].prefix(7_001).withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
            close(writing)
        }
        writer.start()
        defer { close(reading) }
        var source = DescriptorSource(fd: reading)
        #expect(try DAVWire.read(from: &source, maxBody: 1 << 20) == .request(id: 3, request))
        #expect(try DAVWire.read(from: &source, maxBody: 1 << 20) == .reply(id: 4, .failed(wireLine: "done")))
        #expect(try DAVWire.read(from: &source, maxBody: 1 << 20) == nil)
    }
}

private extension String {
    func replacingColons() -> String { String(map { $0 == ":" ? "-" : $0 }) }
}
