/// What a todo.txt file held that has no field here (TodoTxt), counted by item, for import's
/// line: those words stay in the titles.
public struct TodoTxtKept: Equatable, Sendable {
    public private(set) var inTitles: [String: Int] = [:]

    public init() {}

    mutating func note(_ what: String) { inTitles[what, default: 0] += 1 }

    /// `kept in titles (no field here): a second +project (1), rec: (2)`; nil when nothing was.
    public var summary: String? {
        guard !inTitles.isEmpty else { return nil }
        return "kept in titles (no field here): " + inTitles.keys.sorted().map { "\($0) (\(inTitles[$0] ?? 0))" }
            .joined(separator: ", ")
    }
}
