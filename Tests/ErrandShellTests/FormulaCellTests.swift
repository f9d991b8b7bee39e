@testable import ErrandShell
import Foundation
import Testing

/// Issue 47: a title, note, tag or place opening with `=`, `+`, `-` or `@` (a shared list's
/// `=WEBSERVICE(...)`) is written to csv, tsv and markdown with a `'` before it, so a
/// spreadsheet shows it as text; numbers stay numbers; `set cells raw` (`--raw`) writes the bytes.
@Suite struct FormulaCellTests {
    @Test(arguments: ["=", "+", "-", "@"])
    func aCellOpeningAsAFormulaIsWrittenAsText(_ lead: String) throws {
        let t = try ShellTester()
        t.given("create \(lead)SUM(A1) --notes \"\(lead)cmd\" --tag \(lead)tag --at \(lead)Place --no-geocode")
        for mode in ["csv", "tsv", "markdown"] {
            t.given("set output \(mode)")
            t.sink.reset()
            t.runner.runOne("list")
            let row = try #require(t.sink.stdout.last)
            for cell in ["SUM(A1)", "cmd", "tag", "Place"] {
                #expect(row.contains("'\(lead)\(cell)"), "\(mode): \(row)")
            }
            t.given("set cells raw")
            t.sink.reset()
            t.runner.runOne("list")
            let raw = try #require(t.sink.stdout.last)
            #expect(!raw.contains("'\(lead)") && raw.contains("\(lead)SUM(A1)"), "\(mode): \(raw)")
            t.given("set cells safe")
        }
    }

    @Test func numbersAndPlainTextAreLeftAlone() {
        #expect(Table.safe("-3") == "-3" && Table.safe("+33") == "+33" && Table.safe("-12.5") == "-12.5")
        #expect(Table.safe("Pay rent") == "Pay rent" && Table.safe("") == "")
        #expect(Table.safe("=1+1") == "'=1+1" && Table.safe("@SUM(A1)") == "'@SUM(A1)" && Table.safe("-cmd") == "'-cmd")
        #expect(Table.safe("\tx") == "'\tx" && Table.safe("+33 1 23") == "'+33 1 23")
    }
}
