@testable import ErrandNetwork
import Testing

/// The response head as libcurl hands it over, a line at a time: the head that counts is the
/// last one, after any 100 Continue or followed redirect.
@Suite struct ResponseHeadTests {
    /// Feeds `lines` (CRLF added) and says which of them ended the head.
    func take(_ lines: [String], into head: inout ResponseHead) -> [Bool] {
        lines.map { line in
            Array((line + "\r\n").utf8).withUnsafeBytes { head.take($0) }
        }
    }

    @Test func aHeadGivesItsStatusHeadersAndLength() {
        var head = ResponseHead()
        let ends = take(["HTTP/1.1 207 Multi-Status", "Content-Type:  text/xml ", "ETag: \"1\"", "etag: \"2\"",
                         "Content-Length: 42", ""], into: &head)
        #expect(ends == [false, false, false, false, false, true])
        #expect(head.complete && head.status == 207)
        #expect(head.headers == ["content-type": "text/xml", "etag": "\"2\"", "content-length": "42"])
        #expect(head.contentLength == 42)
        #expect(!head.isInterim(following: true))
    }

    /// What a 100 Continue or a redirect said no longer applies once the next status line comes;
    /// the size of every head taken still counts against the limit.
    @Test func aNewStatusLineStartsANewHead() {
        var head = ResponseHead()
        _ = take(["HTTP/1.1 302 Found", "Location: /elsewhere", ""], into: &head)
        #expect(head.isInterim(following: true) && !head.isInterim(following: false))
        let before = head.size
        _ = take(["HTTP/2 200 ", "Content-Type: application/json", ""], into: &head)
        #expect(head.status == 200 && head.headers == ["content-type": "application/json"])
        #expect(head.size == before + "HTTP/2 200 \r\nContent-Type: application/json\r\n\r\n".utf8.count)
        var continued = ResponseHead()
        _ = take(["HTTP/1.1 100 Continue", ""], into: &continued)
        #expect(continued.isInterim(following: false))
    }

    /// The reason phrase is optional (RFC 9112): a status line may end at its code.
    @Test func aStatusLineWithoutAReasonHasItsStatus() {
        var head = ResponseHead()
        _ = take(["HTTP/1.1 204", ""], into: &head)
        #expect(head.status == 204 && head.complete)
    }

    @Test func aBadLengthOrStatusIsNoNumber() {
        var head = ResponseHead()
        _ = take(["HTTP/1.1 abc", "Content-Length: -5", "no colon here", ""], into: &head)
        #expect(head.status == 0 && head.contentLength == nil)
        #expect(head.headers == ["content-length": "-5"])
        var other = ResponseHead()
        _ = take(["HTTP/1.1 200 OK", "Content-Length: 12ab", ""], into: &other)
        #expect(other.contentLength == nil)
    }
}
