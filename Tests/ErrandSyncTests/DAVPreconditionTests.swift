@testable import ErrandSync
import Testing

/// The condition a refusal's DAV:error body names, as servers write it.
struct DAVPreconditionTests {
    @Test func theConditionIsReadWhateverItsNamespacePrefix() {
        let cyrus = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:error xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
            + "<C:unique-scheduling-object-resource><D:href>/dav/calendars/user/me/Home/1.ics</D:href>"
            + "</C:unique-scheduling-object-resource></D:error>"
        #expect(DAVPrecondition.named(in: Array(cyrus.utf8)) == .uniqueSchedulingObject)
        #expect(DAVPrecondition.uniqueSchedulingObject.href(in: Array(cyrus.utf8)) == "/dav/calendars/user/me/Home/1.ics")
        #expect(DAVPrecondition.needPrivileges.href(in: Array(cyrus.utf8)) == nil)
        #expect(CalDAVPath.isPath("/dav/calendars/user/me/Home/1.ics"))
        #expect(!CalDAVPath.isPath("//elsewhere.example/1.ics") && !CalDAVPath.isPath("https://elsewhere.example/1.ics"))
        let sabre = "<?xml version=\"1.0\"?><d:error xmlns:d=\"DAV:\" xmlns:s=\"http://sabredav.org/ns\" "
            + "xmlns:cal=\"urn:ietf:params:xml:ns:caldav\"><s:sabredav-version>1.8</s:sabredav-version>"
            + "<s:exception>Sabre\\DAV\\Exception\\Forbidden</s:exception><cal:supported-calendar-component/></d:error>"
        #expect(DAVPrecondition.named(in: Array(sabre.utf8)) == .supportedCalendarComponent)
    }

    @Test(arguments: ["", "Forbidden", "<html><body>403</body></html>",
                      "<D:error xmlns:D=\"DAV:\"><D:something-else/></D:error>", "<D:error xmlns:D=\"DAV:\"><D:need-privileges>"])
    func aBodyNamingNoKnownConditionNamesNone(body: String) {
        #expect(DAVPrecondition.named(in: Array(body.utf8)) == nil)
    }

    @Test func theLineNamesTheConditionAndWhatToDo() {
        let error = SyncError.status(url: "https://dav.example.org/tasks/1.ics", method: "PUT", code: 403, location: nil,
                                     condition: .needPrivileges)
        #expect(error.description == "https://dav.example.org/tasks/1.ics answered PUT with HTTP 403 (need-privileges): "
            + "the account may not do this here; check its rights on the collection")
        let plain = SyncError.status(url: "https://dav.example.org/tasks/", method: "PROPFIND", code: 403, location: nil)
        #expect(plain.description.hasSuffix("HTTP 403: access refused (check the account's rights on the collection)"))
    }
}
