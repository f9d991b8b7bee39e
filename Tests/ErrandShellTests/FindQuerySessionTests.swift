import ErrandDomain
@testable import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// `find`'s query in the shell: a refusal is one line naming the term and its column and
/// leaves the session as it was; a `near:` by name is placed as `near` places it; Tab
/// completes the keys, their values and the tags.
@Suite struct FindQuerySessionTests {
    @Test(arguments: ["sqlite", "plist"])
    func aRefusedQueryNamesItsTermAndChangesNothing(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --tag home --priority high")
        t.given("find #home")
        t.send("find #home (due:<+7d or", ["error: find: \"or\" at column 17: or needs a term on each side"], succeeds: false)
        t.send("find #home)", ["error: find: \")\" at column 6: this ) closes no ("], succeeds: false)
        t.send("find due:<", ["error: find: \"due:<\" at column 1: due: needs a date after it (today, fri, +3d, dec 3)"],
               succeeds: false)
        let many = Array(repeating: "rent", count: 10_000).joined(separator: " ")
        t.send("find " + many, ["error: find: \"rent\" at column 501: a query holds at most 100 terms"], succeeds: false)
    }

    @Test func aPlaceByNameIsPlacedAsNearPlacesIt() throws {
        let t = try ShellTester()
        t.given("create Dentist --at Clinique du Parc --coords 48.85,2.35")
        t.given("create Bread")
        t.given("find near:\"Clinique du Parc\" within:1km")
        #expect(t.sink.all.contains { $0.contains("Dentist") } && !t.sink.all.contains { $0.contains("Bread") })
        // Geocoding is off here: a name nothing has located is one line.
        t.sink.reset()
        #expect(!t.runner.runOne("find near:Nowhere"))
        #expect(t.sink.all.count == 1 && (t.sink.all.first ?? "").hasPrefix("error: find: cannot place \"Nowhere\""))
    }

    @Test func tabCompletesKeysValuesAndTags() throws {
        let t = try ShellTester()
        t.given("create Pay rent --tag home --tag money")
        let complete = { (line: String) in
            Completer(table: .standard, session: t.interpreter.session, environment: t.interpreter.environment)
                .complete(line).candidates.map(\.insert)
        }
        #expect(complete("find is:ov") == ["is:overdue"])
        #expect(complete("find pri") == ["priority:"])
        #expect(complete("find priority:h") == ["priority:high"])
        #expect(complete("find #ho") == ["#home"])
        #expect(complete("find rent -#mo") == ["-#money"])
        #expect(complete("find due:<tod") == ["due:<today"])
        #expect(complete("find within:5") == ["within:500m", "within:5km", "within:50km"])
        #expect(complete("find o") == ["or"])
    }
}
