import ErrandDomain
import FoundationEssentials

/// Runs lines through the interpreter and writes what they show. Scripts, `source`, pipes and
/// `-c` use `runBatch`; the keyboard uses `runOne` line by line. Only the keyboard adds
/// prompts and history; bail never ends an interactive session.
public final class Runner {
    public let interpreter: Interpreter
    public let sink: OutputSink
    public var options: ScriptOptions
    public private(set) var failures = 0
    public private(set) var quitRequested = false
    private var depth = 0
    static let maxDepth = 16
    /// The output's write error was said: once, then the run stops.
    private var writeFailureSaid = false

    public init(interpreter: Interpreter, sink: OutputSink, options: ScriptOptions = ScriptOptions()) {
        self.interpreter = interpreter
        self.sink = sink
        self.options = options
        interpreter.environment.announce = { [unowned self] command, display in try self.announce(command, display) }
    }

    /// Writes what a command shows before it returns (`remind`, inside the write that marks
    /// what it shows), flushed; throws when the output could not be written, so the command's
    /// write is rolled back.
    func announce(_ command: String, _ display: Display) throws {
        present(CommandOutcome(command: command, result: .success(display)), location: nil)
        sink.flush()
        if let failure = sink.writeFailure {
            // The command's own error says it, with what it did not do: the run ends there.
            writeFailureSaid = true
            quitRequested = true
            throw ShellError.failed("write error: \(failure); nothing was marked")
        }
    }

    /// Runs every line of `source`; false when a command failed (and, with bail, stops there).
    @discardableResult
    public func runBatch(_ source: LineSource) -> Bool {
        var lineNumber = 0
        var ok = true
        while !quitRequested {
            lineNumber += 1
            let line: String
            do {
                guard let next = try source.nextLine() else { break }
                line = next
            } catch {
                // A line too long to read fails like a command, so bail and the exit status see it.
                refuse(error, location: "\(source.name):\(lineNumber)")
                ok = false
                if options.bail { break }
                continue
            }
            // Comments are for scripts; a blank line is skipped by runOne too.
            guard let first = Runner.firstVisible(line), first != "#" else { continue }
            if options.echo { sink.out(Secrets.redacted(line)) }
            if !runOne(line, location: "\(source.name):\(lineNumber)") {
                ok = false
                if options.bail { break }
            }
        }
        return ok
    }

    /// Reports a line that never reached the interpreter (one over `LineLimit.bytes`) and
    /// counts it as a failed command.
    public func refuse(_ error: ShellError, location: String?) {
        report(error, command: "", location: location)
        failures += 1
        sink.flush()
    }

    /// Runs a whole script as one transaction (psql's --single-transaction): all of its changes
    /// reach the disk together at the end, or, if any command fails, none do. It stops at the
    /// first failure, as there is nothing left to save after it.
    @discardableResult
    public func runSingleTransaction(_ source: LineSource) -> Bool {
        let store = interpreter.environment.store
        do {
            try store.beginBatch()
        } catch {
            report(ShellError.from(error), command: "", location: source.name)
            failures += 1
            return false
        }
        let bail = options.bail
        options.bail = true
        defer { options.bail = bail }
        let ok = runBatch(source)
        do {
            try store.endBatch(commit: ok)
        } catch {
            report(ShellError.failed("nothing was saved: \(ShellError.from(error))"), command: "", location: source.name)
            failures += 1
            return false
        }
        if !ok {
            report(ShellError.failed("nothing was saved: the script runs as one transaction (--single-transaction)"),
                   command: "", location: source.name)
        }
        sink.flush()
        // The batch's commands never idled: its word-index merge and checkpoint are due now.
        store.idle()
        return ok
    }

    /// Runs one line; `location` ("file:line") prefixes errors in batch mode.
    @discardableResult
    public func runOne(_ line: String, location: String? = nil) -> Bool {
        // An empty line just prompts again, as in every shell.
        guard Runner.firstVisible(line) != nil else { return true }
        let started = ContinuousClock.now, used = ProcessorTime.now()
        let outcome = interpreter.execute(line)
        var ok = present(outcome, location: location) && outcome.succeeded
        if interpreter.session.timing, !options.quiet {
            // Command and presentation, as a person waits for them, then the processor time
            // they took; stderr keeps stdout clean.
            sink.err("time: " + Runner.milliseconds(ContinuousClock.now - started) + " ms, cpu "
                     + Runner.milliseconds(ProcessorTime.now() - used) + " ms")
        }
        switch outcome.control {
        case .quit?: quitRequested = true
        case let .source(path)?: ok = source(path, location: location) && ok
        case let .watch(plan)?: ok = watch(plan, location: location) && ok
        case nil: break
        }
        sink.flush()
        // Output that could not be written (a full disk, a closed pipe) fails the command and
        // ends the run, as GNU tools do: said once on stderr, and the exit status says it.
        if let failure = sink.writeFailure, !writeFailureSaid {
            writeFailureSaid = true
            sink.err("errand: write error: " + failure)
            sink.flush()
            ok = false
            quitRequested = true
        }
        if !ok { failures += 1 }
        // Once the answer is out: a reader of the output waits for none of this.
        interpreter.environment.store.idle()
        return ok
    }

    /// At the keyboard, before each prompt: the reminders that rang while the person sat at
    /// the last one (or ran a command), printed above the next, each once (the store marks
    /// them rung, as `remind` does). A store that cannot answer says nothing here: the next
    /// command will say why.
    public func remindAbovePrompt() {
        let environment = interpreter.environment
        _ = try? environment.store.ringReminders(at: environment.clock.now, clock: environment.clock,
                                                 realNow: environment.realNow()) { rang in
            for line in presenter.lines(for: Display(screen: .reminders(rang))) { sink.out(line) }
            sink.flush()
            if let failure = sink.writeFailure { throw ShellError.failed("write error: " + failure) }
        }
    }

    /// The first character that is not white space; a plain scan, as Foundation's trimming
    /// bridges to NSString.
    static func firstVisible(_ line: String) -> Unicode.Scalar? {
        line.unicodeScalars.first { !$0.properties.isWhitespace }
    }

    static func milliseconds(_ duration: Duration) -> String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000)
        return "\(micros / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    func source(_ path: String, location: String?) -> Bool {
        guard depth < Runner.maxDepth else {
            report(ShellError.failed("source: scripts nested more than \(Runner.maxDepth) deep (a script sourcing itself?)"),
                   command: "source", location: location)
            return false
        }
        let script: FileLineSource
        do {
            script = try FileLineSource(path: path, name: path)
        } catch {
            report(error, command: "source", location: location)
            return false
        }
        depth += 1
        defer { depth -= 1 }
        return runBatch(script)
    }

    /// False when a streamed list (ListPart) ended early: the error that ended it is written.
    @discardableResult
    public func present(_ outcome: CommandOutcome, location: String?) -> Bool {
        present(outcome, location: location, to: sink)
    }

    /// `sink` is the runner's own, or where `watch` gathers a run to draw it.
    @discardableResult
    func present(_ outcome: CommandOutcome, location: String?, to sink: OutputSink) -> Bool {
        let session = interpreter.session
        // watch's own answer is its runs.
        if case .watch? = outcome.control { return true }
        // Written already, by the command itself (announce).
        if case let .success(display) = outcome.result, display.announced { return true }
        if session.output == .json {
            guard !options.quiet || !outcome.succeeded else { return drained(outcome, location: location, to: sink) }
            return presentJSON(outcome, location: location, to: sink)
        }
        switch outcome.result {
        case let .success(display):
            guard !options.quiet else { return drained(outcome, location: location, to: sink) }
            if session.output.isTable, let table = display.screen.flatMap(TablePresenter().table(for:)) {
                // The table alone on stdout is what the other program reads; a person still
                // sees what the command said, on stderr.
                for line in [display.message, display.notice].compactMap({ $0 }) { sink.err(DisplayWidth.sanitize(line)) }
                for line in table.lines(session.output, raw: session.rawCells) { sink.out(line) }
                return written(eachPart(after: display, to: sink) { part in
                    let rows = part.screen.flatMap(TablePresenter().table(for:))?.lines(session.output, headed: false, raw: session.rawCells) ?? []
                    for line in rows { sink.out(line) }
                }, command: outcome.command, location: location, to: sink)
            }
            for line in presenter.lines(for: display) { sink.out(line) }
            return written(eachPart(after: display, to: sink) { part in
                for line in presenter.lines(for: part) { sink.out(line) }
            }, command: outcome.command, location: location, to: sink)
        case let .failure(error):
            report(error, command: outcome.command, location: location, to: sink)
            return true
        }
    }

    /// `log`'s items are read from the store as its line is written (JSONPresenter.write); a
    /// streamed list's parts go on inside its line's `items`, which ends the line.
    func presentJSON(_ outcome: CommandOutcome, location: String?, to sink: OutputSink) -> Bool {
        let store = interpreter.environment.store
        let presenter = JSONPresenter { entry, body in try store.eachJournalSubject(of: entry, body) }
        guard case let .success(display) = outcome.result, display.part?.continues == true else {
            do {
                try presenter.write(outcome, to: sink)
            } catch {
                sink.out(presenter.line(for: CommandOutcome(command: outcome.command, result: .failure(ShellError.from(error)))))
            }
            return true
        }
        // The items array is the line's last pair (JSONPresenter.items), so the parts go on
        // inside it: the line is written open, without its `]}`.
        var line = presenter.line(for: outcome)
        guard line.hasSuffix("]}") else {
            sink.out(line)
            return drained(outcome, location: location, to: sink)
        }
        line.removeLast(2)
        sink.part(line)
        let failure = eachPart(after: display, to: sink) { part in
            guard case let .items(_, _, _, rows, first, _, _, tree, _)? = part.screen else { return }
            var text = ""
            for row in JSONPresenter.itemRows(rows, first: first, tree: tree) {
                text += ","
                row.write(into: &text)
            }
            sink.part(text)
        }
        sink.out("]}")
        return written(failure, command: outcome.command, location: location, to: sink)
    }

    /// A streamed list's parts read with nothing written (`--quiet`), so the listing holds
    /// every row for the commands after it.
    private func drained(_ outcome: CommandOutcome, location: String?, to sink: OutputSink) -> Bool {
        guard case let .success(display) = outcome.result else { return true }
        return written(eachPart(after: display, to: sink) { _ in }, command: outcome.command, location: location, to: sink)
    }

    /// The parts after `first` of a streamed list (ListPart), each handed to `write` as it is
    /// read; the error of one that could not be read, which ends the list there.
    private func eachPart(after first: Display, to sink: OutputSink, _ write: (Display) -> Void) -> ShellError? {
        var last = first
        while last.part?.continues == true {
            var done: Bool?
            if case let .items(_, _, _, rows, _, _, _, _, _)? = last.screen { done = rows.last?.isDone }
            switch interpreter.nextPart(after: done) {
            case nil: return nil
            case let .success(part)?:
                write(part)
                sink.flush()
                last = part
            case let .failure(error)?: return error
            }
        }
        return nil
    }

    private func written(_ failure: ShellError?, command: String, location: String?, to sink: OutputSink) -> Bool {
        guard let failure else { return true }
        report(failure, command: command, location: location, to: sink)
        return false
    }

    func report(_ error: ShellError, command: String, location: String?) {
        report(error, command: command, location: location, to: sink)
    }

    func report(_ error: ShellError, command: String, location: String?, to sink: OutputSink) {
        if interpreter.session.output == .json {
            sink.out(JSONPresenter().line(for: CommandOutcome(command: command, result: .failure(error))))
        } else if let location {
            sink.err(location + ": " + DisplayWidth.sanitize(error.description))
        } else {
            sink.err(presenter.error(error.description))
        }
    }

    public var presenter: TextPresenter {
        // The table modes write no colour, on their tables or on the screens that are not.
        let session = interpreter.session
        var presenter = TextPresenter(width: options.width, color: session.color && !session.output.isTable,
                                      labeler: interpreter.environment.labeler, clock: interpreter.environment.clock)
        presenter.links = interpreter.session.hyperlinks
        return presenter
    }

    public var prompt: String {
        presenter.prompt(for: interpreter.session)
    }
}
