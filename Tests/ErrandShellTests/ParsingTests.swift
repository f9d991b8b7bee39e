import ErrandShell
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

    @Test func parserFillsArgumentsAndOptions() throws {
        let parser = CommandParser()
        let create = try parser.parse("add Buy milk --date=tomorrow --notes \"2 l\"")
        #expect(create.spec.name == "create")
        #expect(create[argument: "TITLE"] == "Buy milk")
        #expect(create[option: "date"] == "tomorrow")
        #expect(create[option: "notes"] == "2 l")
        let literal = try parser.parse("create -- --not an option")
        #expect(literal[argument: "TITLE"] == "--not an option")
        #expect(throws: ShellError.usage("create: --date given twice")) {
            try parser.parse("create x --date today --date tomorrow")
        }
        #expect(throws: ShellError.usage("clear: --yes takes no value")) { try parser.parse("clear --yes=no") }
        #expect(throws: ShellError.usage("view: unexpected \"now\" (usage: view)")) { try parser.parse("view now") }
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
