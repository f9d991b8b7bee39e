/// A component of an iCalendar text as it was written (BEGIN line, content lines and
/// sub-components in their order, END line), so that what Errand does not own is written back
/// byte for byte. Only the line structure is read here (BEGIN/END names, line names); values
/// are libical's. Hand-written, as is `LineSplice`: libical keeps no source text.
struct RawComponent: Sendable {
    enum Entry: Sendable {
        case line(RawLine)
        case component(RawComponent)
    }

    /// Upper-cased: `VTODO`, `VALARM`, `X-WHATEVER`.
    let name: String
    let begin: RawLine
    var entries: [Entry] = []
    /// nil when the text ended (or an outer END came) first.
    var end: RawLine?
    /// The end of its last line in the text (set by `walk` as it closes).
    var through: String.Index

    init(name: String, begin: RawLine) {
        self.name = name
        self.begin = begin
        through = begin.span.endIndex
    }

    /// The outermost components of `text`. Lines outside any component and an END that closes
    /// nothing open are dropped; an END closing an outer component closes the inner ones too.
    static func parse(_ text: String) -> [RawComponent] { parse(text[...]) }

    static func parse(_ text: Substring) -> [RawComponent] {
        var top: [RawComponent] = []
        walk(text, keepsLines: { _ in true }) { done, open in
            if open.isEmpty { top.append(done) }
            return true
        }
        return top
    }

    /// `parse`'s reading, a component at a time: `closed` gets each one as it ends, with the
    /// components still open around it (outermost first), and says whether it is kept in its
    /// parent; `keepsLines` says, by how many components are open, whether a line is kept in the
    /// innermost. `through` is then the end of its last line in `text`.
    static func walk(_ text: Substring, keepsLines: (Int) -> Bool,
                     closed: (RawComponent, [RawComponent]) -> Bool) {
        var open: [RawComponent] = []
        var last = text.startIndex
        func close(_ end: RawLine?) {
            guard var done = open.popLast() else { return }
            done.end = end
            done.through = end?.span.endIndex ?? last
            if closed(done, open), !open.isEmpty { open[open.count - 1].entries.append(.component(done)) }
        }
        RawLine.each(text) { line in
            switch line.name {
            case "BEGIN":
                open.append(RawComponent(name: componentName(line), begin: line))
            case "END":
                let name = componentName(line)
                if let index = open.lastIndex(where: { $0.name == name }) {
                    while open.count > index + 1 { close(nil) }
                    close(line)
                }
            default:
                if !open.isEmpty, keepsLines(open.count) { open[open.count - 1].entries.append(.line(line)) }
            }
            last = line.span.endIndex
        }
        while !open.isEmpty { close(nil) }
    }

    /// Where the component stands in the text it was read from: its BEGIN line to its last.
    var range: Range<String.Index> { begin.span.startIndex..<max(begin.span.endIndex, through) }

    static func componentName(_ line: RawLine) -> String {
        let value = line.value
        let plain = value.utf8.allSatisfy { $0 != 0x20 && $0 != 0x09 && !(0x61...0x7A).contains($0) }
        return plain ? String(value) : String(value.filter { $0 != " " && $0 != "\t" }).uppercased()
    }

    var lines: [RawLine] {
        entries.compactMap { if case let .line(line) = $0 { line } else { nil } }
    }

    var components: [RawComponent] {
        entries.compactMap { if case let .component(component) = $0 { component } else { nil } }
    }

    func has(_ property: String) -> Bool { first(property) != nil }

    /// The first line's value of a property (`UID`, `TZID`), unfolded.
    func value(_ property: String) -> String? { first(property).map { String($0.value) } }

    func first(_ property: String) -> RawLine? {
        for case let .line(line) in entries where line.name == property { return line }
        return nil
    }

    /// The text as written, each line ended with CRLF, without the lines named in `dropping`
    /// (at any depth). A missing END is written.
    func text(dropping: Set<String> = []) -> String {
        var out = ""
        write(into: &out, dropping: dropping)
        return out
    }

    func write(into out: inout String, dropping: Set<String>) {
        RawComponent.append(begin, to: &out)
        for entry in entries {
            switch entry {
            case let .line(line) where !dropping.contains(line.name): RawComponent.append(line, to: &out)
            case .line: continue
            case let .component(child): child.write(into: &out, dropping: dropping)
            }
        }
        if let end { RawComponent.append(end, to: &out) } else { out += "END:" + name + "\r\n" }
    }

    /// The slice itself when it needs no CR added: no String made per line.
    static func append(_ line: RawLine, to out: inout String) {
        if line.bareFold { out += line.text } else { out += line.span }
        out += "\r\n"
    }
}
