import ErrandDomain
import ErrandFiles
import ErrandStorage

/// What a running command works on: a copy of the session to transform, the environment, and
/// the session as it stood when the store last changed. A store change is journaled for undo
/// by the store, in the change's own transaction, as the `JournalContext` `change` hands it;
/// if a later step fails (the list
/// read to show the result, say) the interpreter keeps the session as the change left it.
struct CommandContext {
    var session: Session
    let environment: ShellEnvironment
    let table: CommandTable
    var control: CommandOutcome.Control?
    /// The running command's name, as its changes are journaled.
    var command = ""
    /// The session right after the last store change, kept even if the command then fails,
    /// and the words that then say what was saved.
    private(set) var committed: (session: Session, saved: String)?
    /// While watched: a read-only run, whose first write is refused before it starts (so a
    /// command declared as reading that does write never writes there), noted here.
    var readOnly = false
    private(set) var refusedWrite = false

    init(session: Session, environment: ShellEnvironment, table: CommandTable) {
        self.session = session
        self.environment = environment
        self.table = table
    }

    var store: ErrandStore { environment.store }
    var today: DueDay { environment.clock.today }

    /// For values asked while the command runs (the create form), checked as typed ones are.
    var parseContext: ParseContext {
        let store = self.store
        return ParseContext(today: today, listing: session.listing, zero: session.listingZero, table: table,
                            catalogue: { try store.catalogueSummary() }, dateWords: environment.labeler.inputWords,
                            current: { listed, row in try listed.current(in: store, row: row) })
    }

    /// Runs one store change, journaled as this command's so that undo can revert it: `body`
    /// hands the store the journal context with each write.
    mutating func change<T>(_ body: (ErrandStore, JournalContext) throws -> T) throws -> T {
        try refuseIfReadOnly()
        // undo's help and the docs list the undoable commands from their declarations: a
        // journaled change by a command not declared so would make them wrong.
        assert(table.spec(named: command)?.undoable ?? true, "\(command) journals a change but is not declared undoable")
        let result = try body(environment.store, JournalContext(command: command, time: environment.clock.now))
        committed = (session, CommandContext.undoable)
        return result
    }

    /// A change that may find nothing to do (undo with nothing left): nil is no change, so a
    /// failure afterwards is not reported as a change that was saved. Not journaled: undo and
    /// redo flip the entry they apply.
    mutating func changeIfAny<T>(_ body: (ErrandStore) throws -> T?) throws -> T? {
        try refuseIfReadOnly()
        guard let result = try body(environment.store) else { return nil }
        committed = (session, CommandContext.undoable)
        return result
    }

    /// A store write that journals itself or is not undone (a sync: the engine journals only
    /// its merges; the catalogue): a failure afterwards still says it was saved, as `saved`.
    mutating func commit<T>(saved: String, _ body: (ShellEnvironment) throws -> T) throws -> T {
        try refuseIfReadOnly()
        let result = try body(environment)
        committed = (session, saved)
        return result
    }

    private mutating func refuseIfReadOnly() throws(ShellError) {
        guard readOnly else { return }
        refusedWrite = true
        throw .usage("watch: \(command) would change the store, so it is not repeated; nothing was changed")
    }

    private static let undoable = "the change itself was saved: undo reverts it"

    /// Runs `body` on the resolved path; errors name the file as the user typed it.
    func naming<T>(_ typed: String, _ body: (String) throws -> T) throws -> T {
        let resolved = environment.resolve(path: typed)
        do {
            return try body(resolved)
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(resolved, with: typed))
        } catch let error as FileFailure {
            // The iCalendar helper's failures (CalendarHelper sits below storage).
            throw ShellError.failed(error.description.replacing(resolved, with: typed))
        }
    }
}
