/// Why a query was refused, and where: the term as typed and the column it starts at (1 is
/// the first character of the query), so a long query's mistake can be found.
public struct QuerySyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let term: String
    public let column: Int
    public let reason: String

    public init(term: String, column: Int, reason: String) {
        self.term = String(term.prefix(40))
        self.column = column
        self.reason = reason
    }

    public var description: String {
        term.isEmpty ? "at column \(column): \(reason)" : "\"\(TextSafety.neutralised(term))\" at column \(column): \(reason)"
    }
}
