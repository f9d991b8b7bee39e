import ErrandShell
import Foundation
import Testing

/// The prompt's mark (issue 26, 3): whether Enter would refuse the line typed so far, from the
/// declarations and the listing in memory.
@Suite struct LineCheckTests {
    func refuses(_ t: ShellTester, _ line: String) -> Bool {
        LineCheck(table: t.interpreter.table, session: t.interpreter.session, today: ShellTester.today).refuses(line)
    }

    @Test func anUnknownCommandOnceItCannotBecomeOne() throws {
        let t = try ShellTester()
        #expect(!refuses(t, ""))
        #expect(!refuses(t, "vi"))
        #expect(!refuses(t, "view"))
        #expect(!refuses(t, "LIST"))
        #expect(refuses(t, "vx"))
        #expect(refuses(t, "vi "))
        #expect(refuses(t, "frobnicate now"))
        #expect(!refuses(t, "\"open"))
    }

    @Test func aRowTheListingDoesNotHold() throws {
        let t = try ShellTester()
        // A fresh shell reads its week only when a line needs it: its rows are not known yet.
        #expect(!refuses(t, "open 9"))
        t.given("create Buy milk")
        t.given("create Call mum")
        t.given("list")
        #expect(!refuses(t, "open 2"))
        #expect(refuses(t, "open 3"))
        #expect(refuses(t, "open 0"))
        #expect(!refuses(t, "check 1 2"))
        #expect(refuses(t, "check 1 5"))
        #expect(!refuses(t, "check 1-"))
        #expect(refuses(t, "check 1-4 "))
        #expect(!refuses(t, "create 99 balloons"))
        t.given("view")
        // Days are rows to open, not items to edit.
        #expect(!refuses(t, "open 2"))
        #expect(refuses(t, "edit 2"))
    }

    @Test func theLineWatchRepeats() throws {
        let t = try ShellTester()
        t.given("create Buy milk")
        t.given("list")
        #expect(!refuses(t, "watch 2 open 1"))
        #expect(refuses(t, "watch 2 open 4"))
        #expect(refuses(t, "watch --count 3 0.5 opn "))
        #expect(!refuses(t, "watch --count 3 op"))
        #expect(refuses(t, "watch --often 3 view"))
    }

    /// `abbr NAME EXPANSION`: the expansion is a command line, quoted whole or not; watch's
    /// COMMAND is read as typed, so a quoted word there is one (unknown) name.
    @Test func anAbbreviationsExpansionIsCheckedAsTheLineItRuns() throws {
        let t = try ShellTester()
        #expect(!refuses(t, "abbr tw \"find due:<+7d\""))
        #expect(!refuses(t, "abbr nw create --date tomorrow"))
        #expect(refuses(t, "abbr tw \"fnd velo\""))
        #expect(refuses(t, "abbr tw fnd velo"))
        #expect(refuses(t, "watch 2 \"find velo\""))
    }
}
