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
        #expect(throws: Tokenizer.Failure.trailingBackslash) { try Tokenizer.split("x \\") }
        #expect(Tokenizer.quote("Livres/CD DVD") == "\"Livres/CD DVD\"")
        #expect(try Tokenizer.split(Tokenizer.quote("say \"hi\" \\o/")).map(\.text) == ["say \"hi\" \\o/"])
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
        #expect(set.setting == .pagesize(20))
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
            ("set colour on", .init(command: "set", error: .usage("set: SETTING must be one of output, color, pagesize, timing, images, not \"colour\""))),
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
