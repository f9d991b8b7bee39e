import ErrandDomain

/// `log [N]`: the last changes with their time, newest first, as undo and redo walk them.
struct Log: ShellCommand {
    static let count = ArgumentSpec("N", .count(JournalEntry.capacity), optional: true, help: "how many changes (default 10)")
    static let spec = CommandSpec("log", summary: "the last changes, newest first (what undo and redo walk)",
                                  details: "Marks the changes undo reverted, which redo can apply again.",
                                  arguments: [count]) { Log(limit: $0.count(count) ?? 10) }

    let limit: Int

    func run(_ c: inout CommandContext) throws -> Display {
        let entries = try c.store.journalInBrief(limit: limit)
        // JSON lists every item an entry changed, read again as it is written
        // (JSONPresenter.write): read once here, a damaged entry fails the command before
        // any of its line is written.
        if c.session.output == .json {
            for entry in entries { try c.store.eachJournalSubject(of: entry) { _ in } }
        }
        let environment = c.environment
        let rows = entries.map { entry in
            LogRow(entry: entry, when: environment.moment(entry.time), summary: entry.summary(environment.labeler))
        }
        return Display(screen: .log(rows))
    }
}
