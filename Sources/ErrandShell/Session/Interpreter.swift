import ErrandDomain
import ErrandStorage

/// The command interpreter: one line in, the session transformed, a Display out. The keyboard,
/// scripts, `source`, pipes and `-c` all go through `execute`.
public final class Interpreter {
    public private(set) var session: Session
    public var environment: ShellEnvironment
    let parser: CommandParser

    public init(session: Session = Session(), environment: ShellEnvironment, table: CommandTable = .standard) {
        self.session = session
        self.environment = environment
        self.parser = CommandParser(table: table)
    }

    public var table: CommandTable { parser.table }

    public func execute(_ line: String) -> CommandOutcome {
        execute(line, watched: false).outcome
    }

    /// One run of a watched command, from the session watch started in (every run means the
    /// same rows): read-only, asking the person nothing. `refusedWrite`: it tried to change
    /// the store and was stopped first, so watching ends.
    func watchedRun(_ line: String, from start: Session) -> (outcome: CommandOutcome, refusedWrite: Bool) {
        session = start
        return execute(line, watched: true)
    }

    private func execute(_ line: String, watched: Bool) -> (outcome: CommandOutcome, refusedWrite: Bool) {
        var environment = self.environment
        if watched {
            environment.prompter = nil
            environment.editor = nil
        }
        var context = CommandContext(session: session, environment: environment, table: table)
        context.readOnly = watched
        let parsed: ParsedCommand
        do {
            parsed = try parser.parse(line, context: context.parseContext)
        } catch {
            // A fresh shell's prompt says `view`: its rows are what `open 2` means, so they are
            // read once the line needs them (never at start, which stays one store read).
            guard session.route == nil, session.tab == .view, session.listing.isEmpty,
                  (try? Week.show(from: environment.clock.today, &context)) != nil else {
                return (CommandOutcome(command: error.command, result: .failure(error.error)), false)
            }
            do {
                parsed = try parser.parse(line, context: context.parseContext)
            } catch {
                return (CommandOutcome(command: error.command, result: .failure(error.error)), false)
            }
        }
        // Work on a copy: a command that fails leaves the session as it was, except for a
        // store change it made before failing, which stays recorded (see CommandContext).
        context.command = parsed.spec.name
        do {
            let display = try parsed.command.run(&context)
            session = context.session
            return (CommandOutcome(command: parsed.spec.name, result: .success(display), control: context.control), false)
        } catch {
            var failure = ShellError.from(error)
            if let committed = context.committed {
                session = committed.session
                failure = .failed("\(failure) (\(committed.saved))")
            }
            return (CommandOutcome(command: parsed.spec.name, result: .failure(failure)), context.refusedWrite)
        }
    }

    /// The next part of the streamed list the last command showed (Display.part), as `more`
    /// would read it; nil when it has ended. `after`: whether the last row shown was done.
    public func nextPart(after: Bool?) -> Result<Display, ShellError>? {
        var context = CommandContext(session: session, environment: environment, table: table)
        // The listing moves into the context, so appending to it copies nothing.
        session.listing = []
        do {
            let part = try context.nextPart(after: after)
            session = context.session
            return part.map { .success($0) }
        } catch {
            session = context.session
            return .failure(ShellError.from(error))
        }
    }

    /// The line a person sees when Errand starts at a terminal: how many items are overdue and
    /// due today; nil when both are zero (or the store cannot say: the first command will).
    public func startupNotice() -> String? {
        let store = environment.store
        let today = environment.clock.today
        guard let overdue = try? store.count(.overdue(before: today)),
              let dueToday = try? store.count(.due(.on(today), openOnly: true)) else { return nil }
        var parts: [String] = []
        if overdue > 0 { parts.append("\(Plural.items(overdue)) overdue (view, then open 0)") }
        if dueToday > 0 { parts.append("\(Plural.items(dueToday)) due today") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
