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

    init(name: String, begin: RawLine) {
        self.name = name
        self.begin = begin
    }

    /// The outermost components of `text`. Lines outside any component and an END that closes
    /// nothing open are dropped; an END closing an outer component closes the inner ones too.
    static func parse(_ text: String) -> [RawComponent] {
        var open: [RawComponent] = []
        var top: [RawComponent] = []
        func close(_ end: RawLine?) {
            guard var done = open.popLast() else { return }
            done.end = end
            if open.isEmpty { top.append(done) } else { open[open.count - 1].entries.append(.component(done)) }
        }
        for line in RawLine.lines(text) {
            switch line.name {
            case "BEGIN":
                open.append(RawComponent(name: componentName(line), begin: line))
            case "END":
                let name = componentName(line)
                guard let index = open.lastIndex(where: { $0.name == name }) else { continue }
                while open.count > index + 1 { close(nil) }
                close(line)
            default:
                if !open.isEmpty { open[open.count - 1].entries.append(.line(line)) }
            }
        }
        while !open.isEmpty { close(nil) }
        return top
    }

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
