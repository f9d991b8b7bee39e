/// How results are written: aligned text for people, one JSON object per command for programs,
/// or a table's rows for spreadsheets and other tools (csv, tsv, markdown).
public enum OutputMode: String, Sendable, CaseIterable {
    case text, json, csv, tsv, markdown

    /// Writes a table screen as a header and its rows: no colour, no paging, no bars.
    public var isTable: Bool {
        switch self {
        case .text, .json: return false
        case .csv, .tsv, .markdown: return true
        }
    }

    /// Every row at once: a program reading the output cannot say `more`.
    var pages: Bool { self == .text }
}
