@testable import ErrandShell
import Foundation
import Testing

/// Issue 26 item 6: `set output csv|tsv|markdown` writes every list as a header and one row per
/// item, whole, without colour or pages; other screens stay text.
@Suite struct TableOutputTests {
    func tester() throws -> ShellTester {
        let t = try ShellTester()
        t.interpreter.environment.catalogueBase = "file:///nonexistent/errand-offline/"
        return t
    }

    @Test func aListIsAHeaderAndOneRowPerItemWithItsMessageOnStderr() throws {
        let t = try tester()
        t.given("set color on")
        t.given("create Buy milk, eggs and \\\"bread\\\" --date dec 1 9:30 --at Marché --priority high --tag food")
        t.given("create Call mum --no-date")
        t.given("set pagesize 1")
        t.send("set output csv", ["output is csv"]) { $0.output = .csv }
        t.given("list")
        #expect(t.sink.stdout == ["n,title,date,time,done,repeat,place,priority,tags,start,reminders,reminded,snoozed,list,parent,progress,status,notes",
                                  "1,\"Buy milk, eggs and \"\"bread\"\"\",2026-12-01,09:30,no,,Marché,1,food,,,,,,,,,",
                                  "2,Call mum,,,no,,,,,,,,,,,,,"])
        #expect(t.sink.stderr.isEmpty)
        // A change's message is for the person: the rows alone reach stdout.
        t.given("swipe 2")
        #expect(t.sink.stdout.first == "n,title,date,time,done,repeat,place,priority,tags,start,reminders,reminded,snoozed,list,parent,progress,status,notes" && !t.sink.all.contains { $0.contains("\u{1B}") })
        t.given("set output tsv")
        t.given("list")
        #expect(t.sink.stdout.prefix(2) == ["n\ttitle\tdate\ttime\tdone\trepeat\tplace\tpriority\ttags\tstart\treminders\treminded\tsnoozed\tlist\tparent\tprogress\tstatus\tnotes",
                                            "1\tBuy milk, eggs and \"bread\"\t2026-12-01\t09:30\tno\t\tMarché\t1\tfood\t\t\t\t\t\t\t\t\t"])
        t.given("set output markdown")
        t.given("list")
        #expect(t.sink.stdout.prefix(3) == ["| n | title | date | time | done | repeat | place | priority | tags | start | reminders | reminded | snoozed | list | parent | progress | status | notes |",
                                            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
                                            "| 1 | Buy milk, eggs and \"bread\" | 2026-12-01 | 09:30 | no |  | Marché | 1 | food |  |  |  |  |  |  |  |  |  |"])
    }

    @Test func theWeekAdsCategoriesAndLogAreTables() throws {
        let t = try tester()
        t.given("create Old --date 2026-11-02")
        t.given("create Tomorrow --date tomorrow")
        t.given("create Whenever --no-date")
        t.given("set output csv")
        t.given("view")
        #expect(t.sink.stdout == ["n,date,label,count", "0,,Overdue,1", "1,2026-11-29,Sun Nov 29,0", "2,2026-11-30,Mon Nov 30,1",
                                  "3,2026-12-01,Tue Dec 1,0", "4,2026-12-02,Wed Dec 2,0", "5,2026-12-03,Thu Dec 3,0",
                                  "6,2026-12-04,Fri Dec 4,0", "7,2026-12-05,Sat Dec 5,0", "8,,No date,1"])
        t.given("log")
        #expect(t.sink.stdout.first == "time,command,summary,undone" && t.sink.stdout.count == 4)
        #expect(t.sink.stdout.dropFirst().allSatisfy { $0.hasSuffix(",no") })
        t.given("sync \(AdsSessionTests.sample)")
        t.given("categories")
        #expect(t.sink.stdout.first == "n,name,count" && t.sink.stdout.contains { $0.hasPrefix("1,") })
        t.given("ads")
        let ads = t.sink.stdout
        #expect(ads.first == "n,id,title,category,price,urgent,date,image" && ads.count == 37, "\(ads)")
        // No pages: every ad, whatever the page size.
        t.given("set pagesize 5")
        t.given("ads")
        #expect(t.sink.stdout.count == 37)
        // A screen that is not a table is written as text, without colour.
        t.given("set color on")
        t.given("open 1")
        #expect(!t.sink.all.isEmpty && !t.sink.all.contains { $0.contains("\u{1B}") })
    }

    @Test func csvQuotesLineBreaksQuotesAndNeutralisesEscapes() {
        let table = Table(header: ["n", "notes"], rows: [["1", "two\nlines, \"quoted\""], ["2", "red \u{1B}[31mtext"],
                                                         ["3", "tab\there\\"]])
        #expect(table.lines(.csv) == ["n,notes", "1,\"two\nlines, \"\"quoted\"\"\"", "2,red \u{FFFD}[31mtext", "3,tab\there\\"])
        #expect(table.lines(.tsv) == ["n\tnotes", "1\ttwo\\nlines, \"quoted\"", "2\tred \u{FFFD}[31mtext", "3\ttab\\there\\\\"])
        #expect(table.lines(.markdown) == ["| n | notes |", "|---|---|", "| 1 | two<br>lines, \"quoted\" |",
                                           "| 2 | red \u{FFFD}[31mtext |", "| 3 | tab here\\\\ |"])
        #expect(Table(header: ["a|b"], rows: []).lines(.markdown) == ["| a\\|b |", "|---|"])
        #expect(table.lines(.text).isEmpty && table.lines(.json).isEmpty)
    }

    /// Every format's escaping is total: a carriage return (alone or before a line feed), a tab,
    /// a pipe, a backslash, raw HTML and C0/C1 escapes, in a header or a field, never end a
    /// field, a row or a cell early, nor reach the terminal.
    @Test func everyFormatEscapesWhatWouldEndAFieldOrDriveATerminal() {
        let fields = ["cr\rhere", "crlf\r\nhere", "tab\there", "pipe|here", "back\\slash", "<b>html", "csi\u{9B}31m", "bell\u{7}"]
        let table = Table(header: ["a,b", "c\rd"], rows: [fields])
        #expect(table.lines(.csv) == ["\"a,b\",\"c\rd\"", "\"cr\rhere\",\"crlf\r\nhere\",tab\there,pipe|here,back\\slash,<b>html,"
                                      + "csi\u{FFFD}31m,bell\u{FFFD}"])
        #expect(table.lines(.tsv) == ["a,b\tc\\rd", "cr\\rhere\tcrlf\\r\\nhere\ttab\\there\tpipe|here\tback\\\\slash\t<b>html\t"
                                      + "csi\u{FFFD}31m\tbell\u{FFFD}"])
        #expect(table.lines(.markdown) == ["| a,b | c<br>d |", "|---|---|",
                                           "| cr<br>here | crlf<br>here | tab here | pipe\\|here | back\\\\slash | \\<b>html | "
                                           + "csi\u{FFFD}31m | bell\u{FFFD} |"])
        // One line per row in tsv and markdown; in csv the line breaks are inside quotes.
        for mode in [OutputMode.tsv, .markdown] {
            #expect(table.lines(mode).allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
        }
    }

    @Test func setOutputOffersAndRefusesByName() throws {
        let t = try tester()
        t.send("set output xml", ["error: set output: choose text, json, csv, tsv or markdown, not \"xml\""], succeeds: false)
        #expect(Setting.Name.output.words == ["text", "json", "csv", "tsv", "markdown"])
    }
}
