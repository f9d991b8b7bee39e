import ErrandDomain

/// A screen as rows for another program: a header and one row of fields per item, written as
/// csv (RFC 4180), tsv or a markdown table. Fields are whole (never cut or padded) and carry no
/// colour; control characters that would drive a terminal become U+FFFD, as everywhere else.
public struct Table: Equatable, Sendable {
    public var header: [String]
    public var rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// Its lines in `mode` (text and json are not tables: nothing).
    /// `headed` false: the rows alone, as a streamed list's later parts go on the first's table.
    public func lines(_ mode: OutputMode, headed: Bool = true, raw: Bool = false) -> [String] {
        let top = headed ? [header] : []
        let rows = raw ? self.rows : self.rows.map { $0.map(Table.safe) }
        switch mode {
        case .text, .json: return []
        case .csv: return (top + rows).map { $0.map(Table.csv).joined(separator: ",") }
        case .tsv: return (top + rows).map { $0.map(Table.tsv).joined(separator: "\t") }
        case .markdown:
            let line = { (fields: [String]) in "| " + fields.map(Table.markdown).joined(separator: " | ") + " |" }
            return (headed ? [line(header), "|" + String(repeating: "---|", count: header.count)] : []) + rows.map(line)
        }
    }

    /// OWASP's advice against CSV injection: a cell a spreadsheet would read as a formula
    /// (opening with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a `'` before it, so
    /// it shows as the text it is; a number (`-3`, `+33`, `-12.5`) is left alone. A title from a
    /// shared list, `=WEBSERVICE(...)`, would otherwise run when the file is opened.
    static func safe(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return field }
        var rest = Substring(field)
        if first == "+" || first == "-" { rest = rest.dropFirst() }
        let number = !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            && rest.first?.isNumber == true && first != "=" && first != "@"
        return number ? field : "'" + field
    }

    /// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled;
    /// line breaks stay inside the quotes, so a note keeps its lines.
    static func csv(_ field: String) -> String {
        let safe = TextSafety.neutralised(field, keep: ["\n", "\r", "\t"])
        guard safe.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D })
        else { return safe }
        var quoted = "\""
        for character in safe { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }

    /// tsv has no quoting: a tab or line break in a field is written as PostgreSQL's text
    /// format writes it (\t, \n, \r, and \\ for a backslash), so every row stays one line.
    static func tsv(_ field: String) -> String {
        var out = ""
        for scalar in TextSafety.neutralised(field, keep: ["\n", "\r", "\t"]).unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A cell ends at a `|` or a line break, and raw HTML (`<b>`, `<!--`) would reach past it:
    /// the first and `<` are escaped as CommonMark allows any punctuation to be, a line break
    /// (`\n`, `\r\n` or a lone `\r`) is a <br>, a tab a space.
    static func markdown(_ field: String) -> String {
        var out = ""
        var afterReturn = false
        for scalar in TextSafety.neutralised(field, keep: ["\n", "\r"], asSpace: ["\t"]).unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "<": out += "\\<"
            case "\r": out += "<br>"
            case "\n": if !afterReturn { out += "<br>" }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
