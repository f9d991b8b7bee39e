import ErrandDAVWire
import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// `errand-fetch --dav` against loopback servers that misbehave: every request read gets one
/// reply frame whatever the server does, the helper exits 0 at the end of its input, a 401 is
/// an answer, and a body goes without the one-second "Expect: 100-continue" wait.
@Suite(.tags(.server, .process, .slow), .fullLane) struct DAVFetchHelperTests {
    let helper = HelperDownloader.defaultPath()

    func propfind(_ url: String, id: Int) -> [UInt8] {
        let body = Array("<propfind xmlns=\"DAV:\"><prop><getetag/></prop></propfind>".utf8)
        return DAVWire.encode(DAVRequest(method: "PROPFIND", url: url, headers: [("Depth", "1")], body: body), id: id)
    }

    func replies(_ output: [UInt8]) throws -> [Int: DAVReply] {
        var source = ArraySource(output)
        var replies: [Int: DAVReply] = [:]
        while let frame = try DAVWire.read(from: &source, maxBody: 64 << 20) {
            let reply = try #require({ if case let .reply(id, reply) = frame { return (id, reply) } else { return nil } }())
            #expect(replies[reply.0] == nil, "two replies for request \(reply.0)")
            replies[reply.0] = reply.1
        }
        return replies
    }

    /// Its CPU meanwhile depends on the machine's load: bench/idle_wait.py measures it.
    @Test func theHelperWaitsOutASilentServer() throws {
        let server = try LoopbackServer(routes: ["/cal/": .mute])
        defer { server.stop() }
        let frames = (0..<4).flatMap { propfind(server.base + "cal/", id: $0) }
        let run = try HelperRun.run(helper, ["--dav", "--idle", "3", "--total", "20"], input: frames)
        print("errand-fetch --dav waited \(run.wallSeconds) s on a mute server using \(run.cpuSeconds) s of CPU")
        #expect(run.status == 0, "\(run.errors)")
        let answers = try replies(run.output)
        #expect(answers.count == 4)
        for reply in answers.values {
            #expect(reply == .failed(wireLine: CatalogueError.stalled(url: server.base + "cal/", seconds: 3).wireLine))
        }
        // A lower bound only: load can make the wait longer, never shorter.
        #expect(run.wallSeconds >= 2.9, "it gave up before the idle limit")
    }

    /// A server that drops connections mid-answer, or before answering at all, costs each
    /// request in flight a FAILED frame: errand once saw "the request helper stopped before
    /// answering" when Radicale went away mid-sync.
    @Test func aServerDroppingConnectionsGetsOneFailedFramePerRequest() throws {
        let server = try LoopbackServer(routes: [
            "/cut/": .truncated(Data("<multistatus".utf8), announced: 4096),
            "/gone/": .hangUp,
        ])
        defer { server.stop() }
        let frames = (0..<20).flatMap { propfind(server.base + ($0 % 2 == 0 ? "cut/" : "gone/"), id: $0) }
        let run = try HelperRun.run(helper, ["--dav", "--idle", "5", "--total", "20", "--parallel", "6"], input: frames)
        #expect(run.status == 0, "\(run.errors)")
        let answers = try replies(run.output)
        #expect(answers.keys.sorted() == Array(0..<20))
        for (id, reply) in answers {
            let expected: CatalogueError = id % 2 == 0 ? .truncated(url: server.base + "cut/")
                : .unreachable(url: server.base + "gone/", reason: "the server closed the connection without answering")
            #expect(reply == .failed(wireLine: expected.wireLine), "\(id): \(reply)")
        }
    }

    /// The server goes away with requests in flight and more still queued: the ones in flight
    /// lose their connection, the rest are refused, and each is answered.
    @Test func aServerStoppedMidBatchLeavesNoRequestUnanswered() throws {
        let server = try LoopbackServer(routes: ["/cal/": .delayed(Data("late".utf8), seconds: 30)])
        let frames = (0..<30).flatMap { propfind(server.base + "cal/", id: $0) }
        // Stopped once the first six (--parallel 6) have reached it: in flight, 24 still queued.
        DispatchQueue.global().async {
            _ = Waiting.until { server.requests.count >= 6 ? true : nil }
            server.stop()
        }
        let run = try HelperRun.run(helper, ["--dav", "--idle", "10", "--total", "20", "--parallel", "6"], input: frames)
        #expect(run.status == 0, "\(run.errors)")
        let answers = try replies(run.output)
        #expect(answers.keys.sorted() == Array(0..<30))
        for (id, reply) in answers {
            guard case let .failed(line) = reply, let error = CatalogueError(wireLine: line) else {
                Issue.record("\(id): \(reply)")
                continue
            }
            let expected: [CatalogueError] = [
                .unreachable(url: server.base + "cal/", reason: "the server closed the connection without answering"),
                .unreachable(url: server.base + "cal/", reason: "connection refused"),
            ]
            #expect(expected.contains(error), "\(id): \(error)")
        }
    }

    /// A head arriving a byte every 50 ms is a server at work, not silence: libcurl counts only
    /// body bytes as progress, and such a head was refused as "sent nothing for 1 s (the idle
    /// limit)" (found by fuzz/sanitize-fetch).
    @Test func aHeadTricklingInIsNotSilence() throws {
        let server = try LoopbackServer(routes: ["/cal/": .trickleHead(Data("done".utf8), interval: 0.05)])
        defer { server.stop() }
        let run = try HelperRun.run(helper, ["--dav", "--idle", "3", "--total", "20"], input: propfind(server.base + "cal/", id: 1))
        #expect(run.status == 0, "\(run.errors)")
        #expect(try replies(run.output) == [1: .response(DAVResponse(status: 200, headers: ["content-type": "application/json"],
                                                                      body: Array("done".utf8)))])
        // The head is 88 bytes, 50 ms apart: 4.4 s at least, longer than the 3 s idle limit,
        // while a gap of 3 s between two bytes would take a machine stalled 60 times over.
        #expect(run.wallSeconds > 4.3, "ended before the head could have trickled in whole")
    }

    /// FoundationNetworking turned a 401 with a challenge into an authentication dance that
    /// stalled; it is an answer for errand to report (check the credentials).
    @Test func aChallengeIsReturnedAsStatus401() throws {
        let server = try LoopbackServer(routes: [
            "/cal/": .reply(401, Data("who?".utf8), headers: ["WWW-Authenticate": "Basic realm=\"cal\"", "Content-Type": "text/plain"]),
        ])
        defer { server.stop() }
        let frames = DAVWire.credentials(user: "u", password: "wrong") + propfind(server.base + "cal/", id: 7)
        let run = try HelperRun.run(helper, ["--dav", "--idle", "10", "--total", "20"], input: frames)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try replies(run.output) == [7: .response(DAVResponse(status: 401, headers: ["content-type": "text/plain"],
                                                                      body: Array("who?".utf8)))])
        #expect(server.authorizations == ["Basic " + Data("u:wrong".utf8).base64EncodedString()])
    }

    /// libcurl asks for "Expect: 100-continue" on a large body and then waits up to a second
    /// for a go-ahead that many servers never send: the helper sends none, and the body whole.
    @Test func aLargePutGoesWithoutExpectContinue() throws {
        let server = try LoopbackServer(routes: ["/cal/big.ics": .reply(201, Data(), headers: ["ETag": "\"e1\""])])
        defer { server.stop() }
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20)
        let put = DAVRequest(method: "PUT", url: server.base + "cal/big.ics",
                             headers: [("Content-Type", "text/calendar; charset=utf-8"), ("If-None-Match", "*")], body: body)
        let run = try HelperRun.run(helper, ["--dav", "--max-bytes", String(4 << 20)], input: DAVWire.encode(put, id: 1))
        #expect(run.status == 0, "\(run.errors)")
        #expect(try replies(run.output) == [1: .response(DAVResponse(status: 201, headers: ["etag": "\"e1\""]))])
        let head = try #require(server.heads.first).lowercased()
        #expect(!head.contains("expect:"), "\(head)")
        #expect(head.hasPrefix("put /cal/big.ics http/1.1\r\n"))
        #expect(head.contains("\r\ncontent-type: text/calendar; charset=utf-8\r\n"), "\(head)")
        #expect(server.bodySizes == [body.count])
    }
}
