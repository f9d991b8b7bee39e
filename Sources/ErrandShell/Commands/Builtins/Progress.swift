import ErrandDomain

/// `progress N... PERCENT`: how far along rows are (PERCENT-COMPLETE). A row still to do
/// is started by any progress short of 100, as Thunderbird and Nextcloud Tasks do; 100%
/// does not check it (checking makes the next occurrence, and says so): the line says how.
struct Progress: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let percent = ArgumentSpec("PERCENT", .field(.progress), help: "0 to 100, with or without % (0 clears it)")
    static let spec = CommandSpec("progress", summary: "say how far along rows are: progress 2 40%",
                                  details: "A row still to do is started by it (▶). Shown after the title while it is "
                                      + "to do; find progress:<50 lists them; check makes a progress 100%.",
                                  arguments: [rows, percent], effect: .changesStore, undoable: true) {
        Progress(listed: try $0.items(rows), percent: $0.field(percent)?.number ?? 0)
    }

    let listed: [TodoItem]
    let percent: Int

    func run(_ c: inout CommandContext) throws -> Display {
        try OccurrenceRows.refuse(listed, "progress", c.environment.labeler)
        let changes: [(edited: TodoItem, listed: TodoItem)] = listed.compactMap { item in
            var changed = item
            changed.setProgress(percent)
            return changed == item ? nil : (edited: changed, listed: item)
        }
        guard !changes.isEmpty else {
            return Display(message: "nothing to change: \(Plural.naming(listed)) " + (listed.count == 1 ? "is" : "are")
                           + (percent == 0 ? " without a progress" : " at \(percent)% already"))
        }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(changes, at: now, journaled: $1) }
        let toDo = Set(changes.filter { $0.listed.state == .toDo }.map(\.listed.id))
        let started = saved.filter { toDo.contains($0.id) && $0.state == .started }
        let at = percent == 0 ? "progress cleared for \(Plural.naming(saved))" : "\(Plural.naming(saved)) at \(percent)%"
        let also = started.isEmpty ? "" : ", started"
        let open = saved.filter { !$0.isDone }
        let hint = percent == 100 && !open.isEmpty ? "; check \(open.count == 1 ? "it" : "them") to move to Done" : ""
        return try c.refresh(message: at + also + hint)
    }
}
