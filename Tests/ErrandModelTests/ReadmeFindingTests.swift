import Foundation
import Testing

/// The manual's "Finding" table (docs/finding.md) and the reference model name the same
/// terms: a term the manual documents that the model never draws is a meaning nothing checks, and a term the model
/// draws that the manual does not list is one a user cannot learn.
@Suite struct ReadmeFindingTests {
    /// The kind of a term as typed: its key and, for `due:`, its form.
    static func kind(_ text: String) -> String? {
        if text.hasPrefix("#") { return "#" }
        if text.hasPrefix("!") { return "!" }
        if text.hasPrefix("due:") {
            let value = text.dropFirst(4)
            if value.hasPrefix("<=") { return "due:<=" }
            if value.hasPrefix(">=") { return "due:>=" }
            if value.hasPrefix("<") { return "due:<" }
            if value.hasPrefix(">") { return "due:>" }
            return value.contains("..") ? "due:.." : "due:"
        }
        if text.hasPrefix("is:") { return text }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[...colon])
    }

    static func readmeKinds() throws -> Set<String> {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let text = try String(contentsOf: root.appendingPathComponent("docs/finding.md"), encoding: .utf8)
        let section = try #require(text.range(of: "# Finding")).upperBound
        let rows = text[section...].split(separator: "\n").drop { !$0.hasPrefix("| term") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        var kinds = Set<String>()
        for row in rows {
            let first = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            for span in first.split(separator: "`").enumerated() where span.offset % 2 == 1 {
                if let kind = kind(String(span.element)) { kinds.insert(kind) }
            }
        }
        return kinds
    }

    @Test func theTableAndTheModelNameTheSameTerms() throws {
        var generator = StepGenerator(seed: 7)
        var drawn = Set<String>()
        for _ in 0..<5_000 {
            guard case let .find(query, within) = generator.query() else { continue }
            for term in Self.terms(query) { if let kind = Self.kind(term.text) { drawn.insert(kind) } }
            if within.text != nil { drawn.insert("within:") }
        }
        let documented = try Self.readmeKinds()
        // `<=` and `>=` are documented and checked by WrongAnswerSessionTests; the model draws
        // the strict forms and the ranges.
        #expect(documented.subtracting(drawn) == ["due:<=", "due:>="])
        #expect(drawn.subtracting(documented).isEmpty, "drawn but not in docs/finding.md: \(drawn.subtracting(documented))")
    }

    static func terms(_ query: ModelQuery) -> [ModelTerm] {
        switch query {
        case let .term(term): [term]
        case let .not(inner): terms(inner)
        case let .all(parts), let .any(parts): parts.flatMap(terms)
        }
    }
}
