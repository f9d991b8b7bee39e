import ErrandDomain
import FoundationEssentials

/// `start N...`, `stop N...` and `cancel N...`: work begun, not begun after all, given up
/// (ItemState; STATUS:IN-PROCESS, NEEDS-ACTION, CANCELLED to every client). Several rows
/// change together or not at all, in one step `undo` takes back.
struct StatusChange: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let start = CommandSpec("start", summary: "mark rows in progress: they stay in To do, marked ▶",
                                   details: "A done or cancelled row is reopened, started. stop takes the mark away; "
                                       + "find is:started lists them; board shows every row by state.",
                                   arguments: [rows], effect: .changesStore, undoable: true) {
        StatusChange(state: .started, listed: try $0.items(rows))
    }
    static let stop = CommandSpec("stop", summary: "take the in-progress mark off rows: to do, not begun",
                                  arguments: [rows], effect: .changesStore, undoable: true) {
        StatusChange(state: .toDo, listed: try $0.items(rows))
    }
    static let cancel = CommandSpec("cancel", summary: "mark rows cancelled: given up, listed with Done, marked ⊘",
                                    details: "A parent's open subtasks are cancelled with it. A repeating row's series "
                                        + "ends: no next occurrence. uncheck reopens a cancelled row; find is:cancelled lists them.",
                                    arguments: [rows], effect: .changesStore, undoable: true) {
        StatusChange(state: .cancelled, listed: try $0.items(rows))
    }

    let state: ItemState
    let listed: [TodoItem]

    var name: String {
        switch state {
        case .started: "start"
        case .cancelled: "cancel"
        case .toDo, .done: "stop"
        }
    }

    func run(_ c: inout CommandContext) throws -> Display {
        // Its record is the series's (a RECURRENCE-ID VTODO another client reads too).
        try OccurrenceRows.refuse(listed, name, c.environment.labeler)
        // Given up with its parent: the open subtasks go with it, as a check takes them.
        var all = listed
        if state == .cancelled {
            var ids = Set(listed.map(\.id))
            for item in listed {
                for below in try c.store.descendants(of: item) where !below.isDone && ids.insert(below.id).inserted {
                    all.append(below)
                }
            }
        }
        let now = c.environment.clock.now
        let target = state
        let changed = try c.change { try $0.setState(target, listed: all, at: now, journaled: $1) }
        let named = Plural.naming(Array(changed.prefix(listed.count)))
        let under = all.count - listed.count
        let with = under == 0 ? "" : " and \(Plural.subtasks(under)) under it"
        let message = switch state {
        case .started: "started \(named): in progress"
        case .cancelled: "cancelled \(named)\(with)" + (listed.contains { $0.repeats != nil } ? ": the series ends" : ": listed with Done")
        case .toDo, .done: "stopped \(named): to do, not begun"
        }
        return try c.refresh(message: message)
    }
}
