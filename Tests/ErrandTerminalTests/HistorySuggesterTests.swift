@testable import ErrandTerminal
import Testing

/// Issue 26 item 1 without a terminal: which history line is suggested, and what → and
/// Alt-F would add.
@Suite struct HistorySuggesterTests {
    @Test func theNewestLineStartingWithWhatIsTypedIsSuggested() {
        let s = HistorySuggester(history: ["create Buy milk", "list", "create Call mum"], limit: 100)
        #expect(s.rest(after: "cr") == "eate Call mum")
        #expect(s.rest(after: "create B") == "uy milk")
        #expect(s.rest(after: "l") == "ist")
        // Nothing typed, nothing matching, or a line already whole: no suggestion.
        #expect(s.rest(after: "") == nil)
        #expect(s.rest(after: "x") == nil)
        #expect(s.rest(after: "list") == nil)
        // Typing on past the suggestion drops it; deleting back finds the newest again.
        #expect(s.rest(after: "create Bux") == nil)
        #expect(s.rest(after: "create") == " Call mum")
    }

    @Test func aLineEnteredBecomesTheNewestAndTheLimitHolds() {
        let s = HistorySuggester(history: ["create Buy milk", "create Call mum"], limit: 2)
        s.remember("create Buy milk")
        #expect(s.rest(after: "create ") == "Buy milk")
        s.remember("create Dentist")
        // Two lines kept: the oldest, Call mum, has gone.
        #expect(s.rest(after: "create C") == nil)
        #expect(s.rest(after: "create ") == "Dentist")
        // No match, then a line that has one: the next key finds it.
        #expect(s.rest(after: "zz") == nil)
        s.remember("zzz top")
        #expect(s.rest(after: "zz") == "z top")
    }

    @Test func multiByteTextIsSuggestedWhole() {
        let s = HistorySuggester(history: ["create Café crème"], limit: 10)
        #expect(s.rest(after: "create Caf") == "é crème")
        #expect(HistorySuggester.firstWord(of: "é crème") == "é")
        #expect(HistorySuggester.firstWord(of: " Call mum") == " Call")
        #expect(HistorySuggester.firstWord(of: "") == "")
    }

    @Test func aHundredThousandLinesAreCutToTheLimitNewestKept() {
        let lines = (0..<100_000).map { "create Task \($0)" }
        let s = HistorySuggester(history: lines, limit: 10_000)
        #expect(s.rest(after: "create Task 9999") == "9")
        #expect(s.rest(after: "create Task 9") == "9999")
        #expect(s.rest(after: "create Task 89999") == nil)
    }
}
