@testable import ErrandSync
import Testing

/// Retry-After as a number of seconds or as any of HTTP's three date forms.
@Suite struct RetryAfterTests {
    // 1994-11-06 08:49:37 UTC, RFC 9110's example.
    let example = 784_111_777

    @Test func theThreeDateFormsNameTheSameMoment() {
        #expect(RetryAfter.date("Sun, 06 Nov 1994 08:49:37 GMT") == example)
        #expect(RetryAfter.date("Sunday, 06-Nov-94 08:49:37 GMT") == example)
        #expect(RetryAfter.date("Sun Nov  6 08:49:37 1994") == example)
    }

    @Test func aDateIsTheWaitFromNowAndAPastOneIsNoWait() {
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: example - 120) == 120)
        #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: example + 5) == 0)
        #expect(RetryAfter.seconds(" 30 ", now: 0) == 30)
        #expect(RetryAfter.seconds("99999999999999999999", now: 0) == Int.max)
    }

    @Test(arguments: ["", "-1", "1.5", "soon", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
                      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 1994 08:49:37 GMT extra words"])
    func anythingElseIsNoRetryAfter(_ value: String) {
        #expect(RetryAfter.seconds(value, now: example) == nil)
    }

    @Test func aLongWaitIsSaidInUnitsAPersonReads() {
        #expect(SyncError.span(300) == "5 min" && SyncError.span(90) == "90 s" && SyncError.span(86_400) == "24 h")
        #expect(SyncError.span(3 * 86_400) == "3 days" && SyncError.span(Int.max) == "more than a year")
    }
}
