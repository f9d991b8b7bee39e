import ErrandDomain

/// A subtask's parent in a VTODO's lines: `RELATED-TO;RELTYPE=PARENT:<uid>`, as tasks.org and
/// Nextcloud Tasks write it; a RELATED-TO without RELTYPE is a parent too (RFC 5545 3.2.15),
/// and a parent's `RELATED-TO;RELTYPE=CHILD:<uid>` names a child (read across one file).
/// Read from the lines as written, not through libical, and written only when the parent
/// changed: then the parent lines alone are replaced, so a SIBLING or CHILD line, or an
/// X- parameter another client put on a line, stays byte for byte otherwise.
enum ParentLines {
    static let property = "RELATED-TO"

    /// The relation a line names (upper-cased, PARENT when none is said) and its UID as written.
    static func relation(_ line: RawLine) -> (type: String, uid: String) {
        let (parameters, value) = StructuredLocation.split(line.unfolded)
        return ((parameters["RELTYPE"] ?? "PARENT").uppercased(), String(value))
    }

    /// The first parent line's UID, checked as the field declares; nil when none. A UID Errand
    /// refuses (over its length, control characters) throws: the item keeps every other field.
    static func read(_ todo: RawComponent) throws(DomainError) -> FieldValue? {
        for line in todo.lines where line.name == property {
            let (type, uid) = relation(line)
            guard type == "PARENT", let value = try ItemField.parent.value(icalTexts: [uid]) else { continue }
            return value
        }
        return nil
    }

    /// The UIDs a parent names as its children (RELTYPE=CHILD).
    static func children(_ todo: RawComponent) -> [String] {
        todo.lines.filter { $0.name == property }.compactMap { line in
            let (type, uid) = relation(line)
            guard type == "CHILD", let value = try? ItemField.parent.value(icalTexts: [uid]) else { return nil }
            return value.text
        }
    }

    /// `todo` with its parent lines replaced by one for `parent` (none for nil), where the first
    /// stood, else after the other properties; every other line as it was.
    static func replace(in todo: RawComponent, with parent: String?) -> RawComponent {
        let line = parent.map { DeclaredLines.folded(property + ";RELTYPE=PARENT:" + ItemField.parent.icalText(.text($0))) }
        var entries: [RawComponent.Entry] = []
        var placed = line == nil
        for entry in todo.entries {
            switch entry {
            case let .line(old) where old.name == property && relation(old).type == "PARENT":
                if !placed, let line { entries.append(.line(line)) }
                placed = true
            case .component:
                if !placed, let line { entries.append(.line(line)) }
                placed = true
                entries.append(entry)
            case .line:
                entries.append(entry)
            }
        }
        if !placed, let line { entries.append(.line(line)) }
        var out = todo
        out.entries = entries
        return out
    }
}
