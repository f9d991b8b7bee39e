import ErrandDomain
@testable import ErrandShell
import Foundation
import Testing

@Suite struct ParsingTests {
    @Test func tokenizerQuotesAndEscapes() throws {
        #expect(try Tokenizer.split("create \"Buy milk\" --at 'Le Café' a\\ b").map(\.text)
                == ["create", "Buy milk", "--at", "Le Café", "a b"])
        #expect(try Tokenizer.split("  ").isEmpty)
        #expect(throws: Tokenizer.Failure.unbalancedQuote("'")) { try Tokenizer.split("x 'open") }
        // A backslash that escapes nothing stays, at the end of a line too.
        #expect(try Tokenizer.split("x \\").map(\.text) == ["x", "\\"])
        #expect(Tokenizer.quote("Livres/CD DVD") == "\"Livres/CD DVD\"")
        #expect(try Tokenizer.split(Tokenizer.quote("say \"hi\" \\o/")).map(\.text) == ["say \"hi\" \\o/"])
    }

    /// Issue 27, 3: text is full of apostrophes and Windows paths.
    @Test func apostrophesAndBackslashesAreText() throws {
        #expect(try Tokenizer.split("create Appeler l'école --date fri").map(\.text)
                == ["create", "Appeler", "l'école", "--date", "fri"])
        #expect(try Tokenizer.split("find lot d'outils").map(\.text) == ["find", "lot", "d'outils"])
        #expect(try Tokenizer.split("create don't 'quoted words'").map(\.text) == ["create", "don't", "quoted words"])
        #expect(try Tokenizer.split("create 'it's here' x").map(\.text) == ["create", "it's here", "x"])
        #expect(try Tokenizer.split(#"create Check C:\temp\new folder"#).map(\.text)
                == ["create", "Check", #"C:\temp\new"#, "folder"])
        #expect(try Tokenizer.split(#"a\ b \"c\" \\"#).map(\.text) == ["a b", "\"c\"", "\\"])
        // Only a word that opens with a quote is literal: an option with a quoted value stays an option.
        let tokens = try Tokenizer.split(#"create Read "--date" --at="Gare de Lyon""#)
        #expect(tokens.map(\.quoted) == [false, false, true, false])
        #expect(tokens.last?.text == "--at=Gare de Lyon")
    }

    /// Issue 27, 1: an option's value runs to the next option; the title comes first; nothing
    /// the user typed for one field lands in another.
    @Test func optionValuesRunToTheNextOption() throws {
        let train = try parse("create Train --at Gare de Lyon --date fri")
        #expect(train.values.text(Create.title) == "Train")
        #expect(train.values.text(Create.place) == "Gare de Lyon")
        let meet = try parse("create Meet --date mon 10:00 --notes bring slides")
        #expect(meet.values.text(Create.title) == "Meet")
        #expect(meet.values.text(Create.notes) == "bring slides")
        #expect(meet.values.date(Create.date)?.time == TimeOfDay(hour: 10, minute: 0))
        for line in ["create Bar --date tomorrow at 14:30", "create Bar --date tomorrow 2:30pm"] {
            let bar = try parse(line)
            #expect(bar.values.text(Create.title) == "Bar", "\(line)")
            #expect(bar.values.date(Create.date) == DateInputParser.Result(day: ParsingTests.today.adding(days: 1),
                                                                           time: TimeOfDay(hour: 14, minute: 30)), "\(line)")
        }
        #expect(try parse("create Bar --date tomorrow 2pm").values.date(Create.date)?.time == TimeOfDay(hour: 14, minute: 0))
        #expect(error("create Bar --date tomorrow 25:00")?.error.description == "cannot read the time \"25:00\": try 14:30 (24-hour) or 2pm")
        #expect(error("create Bar --no-date tomorrow")?.error.description
                == "create: \"tomorrow\" follows --no-date, which takes no value: TITLE goes before the first option "
                   + "(usage: \(Create.spec.usage))")
        #expect(error("create Bar --at")?.error.description.hasPrefix("create: --at needs a PLACE") == true)
        // A quoted word is never an option; `--` ends them.
        #expect(try parse(#"create Read "--date" manual"#).values.text(Create.title) == "Read --date manual")
        #expect(try parse("create --date fri -- --draft").values.text(Create.title) == "--draft")
        #expect(try parse("create x --notes \"a --b\"").values.text(Create.notes) == "a --b")
        let edit = try parse("edit 1 --title New title here --date fri",
                             listing: [.item(TodoItem(id: UUID(), title: "Old", due: ParsingTests.today, created: Date()))])
        #expect(edit.values.text(Edit.title) == "New title here")
    }

    @Test func datesAsPeopleTypeThem() throws {
        let today = ParsingTests.today
        #expect(try DateInputParser.parse("14:30", today: today) == .init(day: today, time: TimeOfDay(hour: 14, minute: 30)))
        #expect(try DateInputParser.parse("2026-12-03T10:00", today: today)
                == .init(day: DueDay(year: 2026, month: 12, day: 3)!, time: TimeOfDay(hour: 10, minute: 0)))
        #expect(try DateInputParser.parse("next friday", today: today).day == (try DateInputParser.parse("fri", today: today).day))
        #expect(try DateInputParser.parse("12am", today: today).time == TimeOfDay(hour: 0, minute: 0))
        #expect(try DateInputParser.parse("12pm", today: today).time == TimeOfDay(hour: 12, minute: 0))
        #expect(throws: DomainError.invalidTime("13pm")) { try DateInputParser.parse("fri 13pm", today: today) }
        #expect(throws: DomainError.invalidDate("fri buy milk")) { try DateInputParser.parse("fri buy milk", today: today) }
    }

    static let today = DueDay(year: 2026, month: 11, day: 29)!

    func parse(_ line: String, listing: [ListingRow] = []) throws(ParseFailure) -> ParsedCommand {
        try CommandParser().parse(line, context: ParseContext(today: ParsingTests.today, listing: listing))
    }

    func error(_ line: String, listing: [ListingRow] = []) -> ParseFailure? {
        do {
            _ = try parse(line, listing: listing)
            return nil
        } catch {
            return error
        }
    }

    @Test func parserChecksAndConvertsEveryValueOnce() throws {
        let create = try parse("add Buy milk --date tomorrow 14:30 --notes \"2 l\" --at Home --coords 48.85,2.35")
        #expect(create.spec.name == "create")
        #expect(create.values.text(Create.title) == "Buy milk")
        #expect(create.values.date(Create.date)?.day == ParsingTests.today.adding(days: 1))
        #expect(create.values.date(Create.date)?.time == TimeOfDay(hour: 14, minute: 30))
        #expect(create.values.text(Create.notes) == "2 l")
        #expect(create.values.coordinate(Create.coords) == (try Coordinate(latitude: 48.85, longitude: 2.35)))
        #expect(try parse("create x --date=tomorrow").values.date(Create.date)?.day == ParsingTests.today.adding(days: 1))
        #expect(try parse("create -- --not an option").values.text(Create.title) == "--not an option")
        let item = TodoItem(id: UUID(), title: "a", due: ParsingTests.today, created: Date(timeIntervalSince1970: 0))
        let listing: [ListingRow] = [.day(ParsingTests.today), .item(item)]
        #expect(try parse("check 2", listing: listing).values.items(Move.rows) == [item])
        #expect(try parse("open 1", listing: listing).values.row(Open.row) == .day(ParsingTests.today))
        #expect(try parse("help ls").values.text(Help.command) == "list")
        let set = try #require(try parse("set pagesize 20").command as? SetCommand)
        #expect(set.change == .pagesize(20))
    }

    @Test func parserRefusalsNameTheCommandAndSayWhatIsValid() {
        let item = TodoItem(id: UUID(), title: "a", due: ParsingTests.today, created: Date(timeIntervalSince1970: 0))
        let listing: [ListingRow] = [.day(ParsingTests.today), .item(item)]
        let cases: [(String, ParseFailure)] = [
            ("create x --date today --date tomorrow", .init(command: "create", error: .usage("create: --date given twice"))),
            ("clear --yes=no", .init(command: "clear", error: .usage("clear: --yes takes no value"))),
            ("view now", .init(command: "view", error: .usage("view: unexpected \"now\" (usage: view)"))),
            ("check 1", .init(command: "check", error: .usage("check: the rows listed are days: open one first"))),
            ("open 3", .init(command: "open", error: .usage("open: no row \"3\": choose a number from 1 to 2"))),
            ("set colour on", .init(command: "set", error: .usage("set: SETTING must be one of output, color, pagesize, timing, images, suggest, cells, not \"colour\""))),
            ("set timing 1", .init(command: "set", error: .usage("set timing: choose on or off, not \"1\""))),
            ("create x --coords 1,2", .init(command: "create", error: .usage("create: --coords needs --at PLACE"))),
            ("help nope", .init(command: "help", error: .unknownCommand("nope", suggestion: nil))),
            ("filter Immobilier", .init(command: "filter", error: .usage("filter: no ads are cached yet: type ads or sync URL first"))),
            ("veiw", .init(command: "", error: .unknownCommand("veiw", suggestion: "view"))),
        ]
        for (line, expected) in cases {
            #expect(error(line, listing: listing) == expected, "\(line)")
        }
    }

    @Test func displayWidthCountsColumnsNotCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("café") == 4)
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("🍕") == 2)
        #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
        #expect(DisplayWidth.truncate("東京タワー", to: 5) == "東京…")
        #expect(DisplayWidth.truncate("short", to: 5) == "short")
        #expect(DisplayWidth.sanitize("a\u{1B}[31mred\u{7}") == "a\u{FFFD}[31mred\u{FFFD}")
    }
}
