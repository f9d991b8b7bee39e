@testable import ErrandShell
import Foundation
import Testing

@Suite struct CompleterTests {
    func complete(_ t: ShellTester, _ line: String) -> Completion {
        Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete(line)
    }

    @Test func commandNames() throws {
        let t = try ShellTester()
        #expect(complete(t, "vi").candidates.map(\.insert) == ["view"])
        #expect(complete(t, "vi").replaceCount == 2)
        #expect(complete(t, "un").candidates.map(\.insert) == ["uncheck", "undo", "unstar", "unhide"])
        #expect(complete(t, "").candidates.count == CommandTable.standard.specs.count)
    }

    @Test func rowsOfTheLastListingWithTheirTitles() throws {
        let t = try ShellTester()
        t.given("create Buy milk")
        t.given("create Café crème")
        t.given("day today")
        let answer = complete(t, "open ")
        #expect(answer.replaceCount == 0)
        #expect(answer.candidates.map(\.insert) == ["1", "2"])
        #expect(answer.candidates.map(\.display) == ["1  Buy milk", "2  Café crème"])
        #expect(complete(t, "swipe 2").candidates.map(\.insert) == ["2"])
        t.given("view")
        #expect(complete(t, "open ").candidates.first?.display == "1  Sun Nov 29")
    }

    /// A streamed list's rows (ListedItem) are titled as stored now, until there are so many
    /// that each would be a store read at one key: then by number alone.
    @Test func rowsOfAStreamedListAreTitledFromTheStoreUpToALimit() throws {
        let t = try ShellTester()
        t.given("create Buy milk")
        t.given("create Café crème")
        t.interpreter.environment.streamRows = 1
        t.given("list")
        #expect(complete(t, "check ").candidates.map(\.display) == ["1  Buy milk", "2  Café crème"])
        for i in 3...(Completer.titledRows + 1) { t.given("create task \(i)") }
        t.given("list")
        let many = complete(t, "check ").candidates
        #expect(many.count == Completer.titledRows + 1)
        #expect(many.first?.display == "1")
        #expect(complete(t, "check 10").candidates.first?.display == "10  task 10")
    }

    @Test func datesOptionsChoicesAndFiles() throws {
        let t = try ShellTester()
        #expect(complete(t, "create x --date tom").candidates.map(\.insert) == ["tomorrow"])
        #expect(complete(t, "week 2026-12-0").candidates.map(\.insert) == ["2026-12-01", "2026-12-02", "2026-12-03",
                                                                            "2026-12-04", "2026-12-05"])
        #expect(complete(t, "create x --n").candidates.map(\.insert) == ["--no-date", "--notes", "--no-geocode"])
        #expect(complete(t, "set ").candidates.map(\.insert) == ["output", "color", "pagesize", "timing", "images", "suggest", "cells"])
        #expect(complete(t, "set timing o").candidates.map(\.insert) == ["on", "off"])
        #expect(complete(t, "set output ").candidates.map(\.insert) == ["text", "json", "csv", "tsv", "markdown"])
        #expect(complete(t, "set pagesize ").candidates.map(\.insert) == ["off"])
        #expect(complete(t, "help sw").candidates.map(\.insert) == ["swipe"])
        try FileManager.default.createDirectory(atPath: t.directory + "/my plans", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: t.directory + "/my plans/week one.errand", contents: Data()))
        #expect(complete(t, "source my").candidates.map(\.insert) == ["\"my plans/\""])
        let inside = complete(t, "source \"my plans/w")
        #expect(inside.candidates.map(\.insert) == ["\"my plans/week one.errand\""])
        #expect(inside.replaceCount == "\"my plans/w".count)
        #expect(complete(t, "nosuch ").candidates.isEmpty)
    }
}

/// Tab reads the line as the parser does (WordWalk): an option's value runs to the next
/// option, `--name=value` is the option's value, after `--` every word is the command's own.
@Suite struct CompleterWordRuleTests {
    func complete(_ t: ShellTester, _ line: String) -> [String] {
        Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete(line).candidates.map(\.insert)
    }

    @Test func theCursorIsWhereTheParserWouldPutTheWord() throws {
        let t = try ShellTester()
        t.given("create Pay rent --tag money --tag home --priority high")
        t.given("list")
        // Inside a value of several words: still the date.
        #expect(complete(t, "create x --date next fr") == ["friday"])
        // --name=value completes the value, keeping what was typed before it.
        #expect(complete(t, "create x --date=tom") == ["--date=tomorrow"])
        #expect(complete(t, "create x --priority=h") == ["--priority=high"])
        // The declared fields: their words, and the tags items already have.
        #expect(complete(t, "create x --priority m") == ["medium"])
        #expect(complete(t, "create x --tag mo") == ["money"])
        #expect(complete(t, "create x --tag #ho") == ["home"])
        // A repeatable option is offered again; another is not.
        #expect(complete(t, "create x --tag a --ta") == ["--tag"])
        #expect(complete(t, "create x --priority 1 --pri").isEmpty)
        // After --, a word that looks like an option is the title, so nothing is offered for it.
        #expect(complete(t, "create -- --da").isEmpty)
        // tag's words: rows first, then the tags, keeping a sign typed.
        #expect(complete(t, "tag 1 -mo") == ["-money"])
        #expect(complete(t, "tag 1 ho") == ["home"])
    }
}

@Suite struct CompleterPassthroughTests {
    func complete(_ t: ShellTester, _ line: String) -> Completion {
        Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete(line)
    }

    /// After `watch 2 ` the words are another command line: Tab completes it as its own.
    @Test func watchCompletesTheCommandItWatches() throws {
        let t = try ShellTester()
        t.given("create Buy milk")
        t.given("list")
        #expect(complete(t, "watch 2 fin").candidates.map(\.insert) == ["find"])
        #expect(complete(t, "watch fin").candidates.map(\.insert) == ["find"])
        #expect(complete(t, "watch ").candidates.count == CommandTable.standard.specs.count)
        #expect(complete(t, "watch 2 open ").candidates.map(\.display) == ["1  Buy milk"])
        #expect(complete(t, "watch 2 near 0,0 --wi").candidates.map(\.insert) == ["--within"])
        #expect(complete(t, "watch --c").candidates.map(\.insert) == ["--count"])
    }
}
