import ErrandShell
import Foundation
import Testing

/// Issue 46, item 7: `abbr` as a session keeps it, and what expands. The expansion at the
/// keyboard (Space, Enter) is PromptTerminalTests'; scripts never expand.
@Suite struct AbbrSessionTests {
    @Test func anAbbreviationIsMadeListedShownAndErased() throws {
        let t = try ShellTester()
        t.send("abbr", ["no abbreviations (abbr NAME EXPANSION makes one)"])
        t.send("abbr tw \"find due:<+7d is:open\"", ["tw now stands for \"find due:<+7d is:open\""]) {
            $0.abbreviations.set("tw", to: "find due:<+7d is:open")
        }
        // Unquoted, the rest of the words are the expansion.
        t.send("abbr nw create --date tomorrow", ["nw now stands for \"create --date tomorrow\""]) {
            $0.abbreviations.set("nw", to: "create --date tomorrow")
        }
        // Listed in the form the errandrc takes, by name.
        t.send("abbr", ["abbr nw \"create --date tomorrow\"", "abbr tw \"find due:<+7d is:open\""])
        t.send("abbr tw", ["abbr tw \"find due:<+7d is:open\""])
        t.given("set output json")
        t.send("abbr", [#"{"ok":true,"command":"abbr","screen":"abbr","abbreviations":[{"name":"nw","expansion":"create --date tomorrow"},"#
                        + #"{"name":"tw","expansion":"find due:<+7d is:open"}]}"#])
        t.given("set output text")
        t.send("abbr tw find velo", ["tw now stands for \"find velo\""]) {
            $0.abbreviations.set("tw", to: "find velo")
        }
        t.send("abbr --erase nw", ["nw is no longer an abbreviation"]) { $0.abbreviations.remove("nw") }
        #expect(t.interpreter.session.abbreviations.all.map(\.name) == ["tw"])
    }

    @Test func aNameThatIsACommandOrNotAWordIsRefused() throws {
        let t = try ShellTester()
        t.send("abbr find \"find velo\"", ["error: abbr: \"find\" is a command: an abbreviation of that name would hide it"], succeeds: false)
        t.send("abbr ls \"list\"", ["error: abbr: \"ls\" is a command: an abbreviation of that name would hide it"], succeeds: false)
        t.send("abbr a.b list", ["error: abbr: \"a.b\" is not a name: one word of letters, digits, - and _"], succeeds: false)
        t.send("abbr zz", ["error: abbr: no abbreviation \"zz\" (abbr lists them)"], succeeds: false)
        t.send("abbr --erase zz", ["error: abbr --erase: no abbreviation \"zz\" (abbr lists them)"], succeeds: false)
        // After the name, words are the expansion's: --erase there is no command.
        t.send("abbr zz --erase", ["error: abbr: an expansion starts with a command, not \"--erase\" (abbr --erase NAME forgets one)"],
               succeeds: false)
        t.send("abbr zz velo", ["error: abbr: an expansion starts with a command, not \"velo\" (abbr --erase NAME forgets one)"],
               succeeds: false)
        t.send("abbr zz \" \"", ["error: abbr: zz needs an expansion: abbr zz WORDS"], succeeds: false)
        #expect(t.interpreter.session.abbreviations.isEmpty)
    }

    /// Only the first word, only a whole word; what follows is kept as typed.
    @Test func theFirstWordExpandsAndNothingElse() {
        var abbreviations = Abbreviations()
        abbreviations.set("tw", to: "find due:<+7d")
        #expect(abbreviations.expanded("tw") == "find due:<+7d")
        #expect(abbreviations.expanded("tw is:open") == "find due:<+7d is:open")
        #expect(abbreviations.expanded("  tw x") == "  find due:<+7d x")
        #expect(abbreviations.expanded("twx") == nil)
        #expect(abbreviations.expanded("find tw") == nil)
        #expect(abbreviations.expanded("") == nil)
        #expect(abbreviations.expansion(of: "tw") == "find due:<+7d")
    }

    /// A script means what it says on every machine: an abbreviation is a command error there.
    @Test func aScriptDoesNotExpandThem() throws {
        let t = try ShellTester()
        t.given("abbr tw \"find velo\"")
        t.send("tw", ["error: unknown command \"tw\" (help lists all)"], succeeds: false)
    }
}
