@testable import ErrandSync
import Foundation
import Testing

/// The bounded XML reader and the multistatus reading on replies shaped like real servers',
/// and on the ways a reply can be broken.
struct MultistatusReaderTests {
    static func read(_ text: String) throws -> Multistatus { try Multistatus.read(Array(text.utf8)) }

    @Test func prefixesDefaultNamespacesEntitiesAndCDATAResolve() throws {
        let status = try Self.read("""
            <?xml version="1.0"?><!-- a comment --><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <response><href> /dav/tasks/a%40b.ics </href><propstat><status>HTTP/1.1 200 OK</status><prop>
            <getetag>"e1"</getetag><C:calendar-data><![CDATA[SUMMARY:a <b>]]> &amp; &#233;&#x41;</C:calendar-data></prop></propstat>
            <propstat><status>HTTP/1.1 404 Not Found</status><prop><displayname/></prop></propstat></response>
            <response><href>/dav/tasks/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response>
            <sync-token>tok-2</sync-token></multistatus>
            """)
        #expect(status.syncToken == "tok-2")
        #expect(status.entries.map(\.href) == ["/dav/tasks/a%40b.ics", "/dav/tasks/gone.ics"])
        #expect(status.entries[0].etag == "\"e1\"")
        #expect(status.entries[0].calendarData == "SUMMARY:a <b> & éA")
        #expect(status.entries[0].property(DAV.dav, "displayname") == nil)
        #expect(status.entries[1].status == 404)
    }

    @Test(arguments: [
        ("<D:multistatus xmlns:D=\"DAV:\"><D:response>", "ends inside"),
        ("<x:multistatus>", "undeclared namespace"),
        ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><multistatus xmlns=\"DAV:\"/>", "DOCTYPE"),
        ("<multistatus xmlns=\"DAV:\">&bogus;</multistatus>", "unknown entity"),
        ("<multistatus xmlns=\"DAV:\"></other>", "does not match"),
        ("<multistatus xmlns=\"DAV:\"/><second/>", "second root"),
        ("text", "outside the root"),
        (String(repeating: "<a>", count: 100), "nested deeper"),
        ("<a b=c/>", "unquoted"),
        ("", "no root"),
    ])
    func brokenRepliesAreRefusedWithOneLine(_ text: String, _ reason: String) {
        #expect(throws: XMLReader.Failure.self) { try Self.read(text) }
        do {
            _ = try Self.read(text)
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test func aReplyThatIsNotAMultistatusIsNamed() {
        #expect(throws: Multistatus.Invalid.self) { try Self.read("<html xmlns=\"http://www.w3.org/1999/xhtml\"/>") }
    }

    @Test func memberHrefsHaveOneSpelling() throws {
        let path = try CalDAVPath("https://u:pw@cloud.example.org/dav/me/tasks")
        #expect(path.url == "https://cloud.example.org/dav/me/tasks/")
        #expect(path.display == "tasks@cloud.example.org")
        #expect(path.member("/dav/me/tasks/a%40b.ics") == path.member("/dav/me/tasks/a@b.ics"))
        #expect(path.member("https://cloud.example.org/dav/me/tasks/x.ics") == "/dav/me/tasks/x.ics")
        #expect(path.member("https://evil.example/dav/me/tasks/x.ics") == nil)
        #expect(path.member("/dav/me/tasks/") == nil)
        #expect(path.member("/dav/me/tasks/sub/x.ics") == nil)
        #expect(path.href(forUID: "a b/c@host") == "/dav/me/tasks/a%20b%2Fc@host.ics")
        #expect(throws: SyncError.self) { try CalDAVPath("ftp://host/x/") }
    }
}

struct NetrcTests {
    @Test func machineThenDefaultAndQuotedTokens() {
        let netrc = Netrc(text: """
            machine cloud.example.org login me password "se cret"
            macdef init
            cd /

            default login anon password guest
            """)
        #expect(netrc.entry(host: "cloud.example.org", user: nil) == Netrc.Entry(login: "me", password: "se cret"))
        #expect(netrc.entry(host: "CLOUD.example.org", user: "me")?.password == "se cret")
        #expect(netrc.entry(host: "cloud.example.org", user: "other")?.login == nil)
        #expect(netrc.entry(host: "other.example", user: nil) == Netrc.Entry(login: "anon", password: "guest"))
    }
}
