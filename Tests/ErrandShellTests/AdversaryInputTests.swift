@testable import ErrandShell
import ErrandDomain
import Foundation
import Testing

/// Issue 47's small ones, each a wrong or unhelpful line before: a combining accent after the
/// space, bidi controls in text shown, a backup naming a key twice, a 500 KB place name.
@Suite struct AdversaryInputTests {
    @Test func aCombiningAccentAfterTheSpaceStartsAWordNotTheCommand() throws {
        let t = try ShellTester()
        t.send("find \u{301}", ["error: find: \"\u{301}\" at column 1: nothing to look for: a word needs a letter or a digit"],
               succeeds: false)
        #expect(Tokenizer.scan("create A \u{301}b").tokens.map(\.text) == ["create", "A", "\u{301}b"])
    }

    @Test func bidiOverridesNeverReachTheTerminal() {
        #expect(DisplayWidth.sanitize("Tasks\u{202E}txt.exe") == "Tasks\u{FFFD}txt.exe")
        #expect(DisplayWidth.sanitize("a\u{2066}b\u{2069}c") == "a\u{FFFD}b\u{FFFD}c")
        // Marks that reorder nothing stay, for right-to-left text.
        #expect(DisplayWidth.sanitize("שלום\u{200F} ok") == "שלום\u{200F} ok")
    }

    @Test(arguments: ["sqlite", "plist"])
    func aBackupNamingAKeyTwiceIsRefusedByName(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent")
        t.given("export backup.json")
        let path = t.directory + "/backup.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let twice = try #require(text.range(of: "\"title\"")).lowerBound
        try (text[..<twice] + "\"title\":\"Injected\"," + text[twice...]).write(toFile: t.directory + "/twice.json",
                                                                                 atomically: true, encoding: .utf8)
        t.given("clear --yes")
        t.sink.reset()
        #expect(!t.runner.runOne("import twice.json"))
        #expect(t.sink.all.count == 1 && t.sink.all[0].contains("item 1: the key \"title\" is given twice"), "\(t.sink.all)")
        #expect(try t.store.allItems().isEmpty)
    }

    @Test func aPlaceNameOverTheLimitIsRefusedBeforeAnyLookUp() throws {
        let t = try ShellTester()
        let huge = String(repeating: "a", count: 500_000)
        t.sink.reset()
        #expect(!t.runner.runOne("find near:" + huge))
        #expect(t.sink.all.count == 1 && t.sink.all[0].hasSuffix("near: a place's name is at most 500 characters")
                && t.sink.all[0].utf8.count < 300)
        t.sink.reset()
        #expect(!t.runner.runOne("near " + huge))
        #expect(t.sink.all == ["error: near: a place's name is at most 500 characters"])
    }
}
