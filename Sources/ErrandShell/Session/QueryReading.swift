/// How a list's query was read, for JSON beside its rows: the text as typed and its outline
/// (QueryExpression.outline, AdQuery.outline), so a script sees which words became which terms.
public struct QueryReading: Equatable, Sendable {
    public var text: String
    public var outline: String
}
