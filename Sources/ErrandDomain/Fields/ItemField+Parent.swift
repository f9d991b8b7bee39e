/// The parent: the UID of the item this one is a subtask of, iCalendar's
/// `RELATED-TO;RELTYPE=PARENT` (a RELATED-TO without RELTYPE is one too, RFC 5545 3.2.15).
/// Held as the parent's UID, not its id, so a file or a server names it as every other client
/// does, and a parent that arrives later (or never) costs nothing: a child whose parent is
/// missing, or whose parents form a cycle, is listed at the top level (ListTree). No option of
/// its own: `--under N` names a listed row, which only the shell can resolve. Written to and
/// read from RELATED-TO by errand-ical itself (ParentLines): the property's RELTYPE decides
/// which line is the parent, so it is no line of DeclaredLines.
extension ItemField {
    public static let parent = ItemField(
        name: "parent", label: "Under", kind: .text(maxLength: TodoItem.maxUID), icalProperty: nil, option: nil,
        // Lists indent a subtask under its parent (the shell's ListTree): no mark of its own.
        mark: { _ in "" },
        detail: { $0.text ?? "" })
}

extension TodoItem {
    /// The UID of the item this one is a subtask of, if any.
    public var parent: String? {
        get { fields[.parent]?.text }
        set { fields[.parent] = newValue.map { .text($0) } }
    }
}
