import ErrandLaunch
import ErrandShell
import Foundation
import Testing

/// Issue 46, item 7: an abbreviation made or erased at the keyboard is kept in the errandrc,
/// its `abbr` line replaced or dropped and every other line left as it was. The keyboard itself
/// is PromptKeysTerminalTests'.
@Suite struct StartupAbbreviationTests {
    @Test func changedAbbreviationsReplaceTheirLinesAndTheRestStays() throws {
        let dir = NSTemporaryDirectory() + "errand-rc-abbr-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rc = StartupFile(path: dir + "/config/errand/errandrc")
        let none = Abbreviations()
        var one = Abbreviations()
        one.set("tw", to: "find due:<+7d")
        // No file, no folder yet: both made.
        try rc.keep(one, was: none)
        #expect(try String(contentsOfFile: rc.path, encoding: .utf8) == "abbr tw \"find due:<+7d\"\n")
        try "# mine\nset pagesize 20\nabbr tw \"find due:<+7d\"\nabbr nw create --date tomorrow\n"
            .write(toFile: rc.path, atomically: true, encoding: .utf8)
        var two = one
        two.set("nw", to: "create --date tomorrow")
        var changed = two
        changed.set("tw", to: "find velo")
        try rc.keep(changed, was: two)
        #expect(try String(contentsOfFile: rc.path, encoding: .utf8)
            == "# mine\nset pagesize 20\nabbr nw create --date tomorrow\nabbr tw \"find velo\"\n")
        var erased = changed
        erased.remove("nw")
        try rc.keep(erased, was: changed)
        #expect(try String(contentsOfFile: rc.path, encoding: .utf8) == "# mine\nset pagesize 20\nabbr tw \"find velo\"\n")
        // Nothing changed: the file is not touched.
        try rc.keep(erased, was: erased)
        #expect(try String(contentsOfFile: rc.path, encoding: .utf8) == "# mine\nset pagesize 20\nabbr tw \"find velo\"\n")
    }
}
