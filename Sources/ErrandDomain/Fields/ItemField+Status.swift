/// Work begun and work given up (ItemState): `start N` and `cancel N` set it, `stop`, `check`
/// and `uncheck` clear it. Held as a word beside `isDone`, which says whether the item is
/// closed: `started` counts only on an open item, `cancelled` only on a closed one (validated
/// drops it elsewhere). Written to and read from STATUS by errand-ical beside the done state
/// (VTodoFields, VTodoEdit): the one property says both, so it is no line of DeclaredLines.
/// No option: the commands set it; the detail's State line says it.
extension ItemField {
    public static let status = ItemField(
        name: "status", label: "Status", kind: .choice(["started", "cancelled"]), icalProperty: nil, option: nil,
        mark: { _ in "" },
        detail: { $0.text ?? "" })
}

extension TodoItem {
    /// To do, started, done or cancelled; setting it sets `isDone` and the status word (the
    /// section it is listed in and its place there are the store's: ItemRecords.setState).
    public var state: ItemState {
        get {
            let word = fields[.status]?.text
            if isDone { return word == ItemState.cancelled.statusWord ? .cancelled : .done }
            return word == ItemState.started.statusWord ? .started : .toDo
        }
        set {
            isDone = newValue.isClosed
            fields[.status] = newValue.statusWord.map(FieldValue.text)
        }
    }
}
