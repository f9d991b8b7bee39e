import ErrandDomain
import Testing

/// `-` nests a term as parentheses do: both count toward the same bound, so a pasted line of
/// minus signs is one line of error, not a recursion as deep as the line is long.
struct QueryNestingTests {
    let today = DueDay(year: 2026, month: 12, day: 1)!

    func parse(_ text: String) throws(QuerySyntaxError) -> QueryExpression {
        try QueryParser.parse(text, today: today) { _ in today }
    }

    @Test func minusSignsNestWithinTheBound() throws {
        #expect(throws: Never.self) { try parse("--bread") }
        let deep = String(repeating: "-", count: 100_000) + "bread"
        #expect(throws: QuerySyntaxError.self) { try parse(deep) }
        do {
            _ = try parse(deep)
        } catch {
            #expect(error.reason == "- and parentheses nest at most \(QueryParser.maxDepth) deep")
        }
    }
}
