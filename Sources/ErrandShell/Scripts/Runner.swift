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

    public init(interpreter: Interpreter, sink: OutputSink, options: ScriptOptions = ScriptOptions()) {
        self.interpreter = interpreter
        self.sink = sink
        self.options = options
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
        return ok
    }

    /// Runs one line; `location` ("file:line") prefixes errors in batch mode.
    @discardableResult
    public func runOne(_ line: String, location: String? = nil) -> Bool {
        // An empty line just prompts again, as in every shell.
        guard Runner.firstVisible(line) != nil else { return true }
        let started = ContinuousClock.now, used = ProcessorTime.now()
        let outcome = interpreter.execute(line)
        var ok = outcome.succeeded
        present(outcome, location: location)
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
        if !ok { failures += 1 }
        sink.flush()
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
        guard let rang = try? environment.store.ringReminders(at: environment.clock.now, clock: environment.clock),
              !rang.isEmpty else { return }
        for line in presenter.lines(for: Display(screen: .reminders(rang))) { sink.out(line) }
        sink.flush()
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

    public func present(_ outcome: CommandOutcome, location: String?) {
        present(outcome, location: location, to: sink)
    }

    /// `sink` is the runner's own, or where `watch` gathers a run to draw it.
    func present(_ outcome: CommandOutcome, location: String?, to sink: OutputSink) {
        let session = interpreter.session
        // watch's own answer is its runs.
        if case .watch? = outcome.control { return }
        if session.output == .json {
            if !options.quiet || !outcome.succeeded { presentJSON(outcome, to: sink) }
            return
        }
        switch outcome.result {
        case let .success(display):
            guard !options.quiet else { return }
            if session.output.isTable, let table = display.screen.flatMap(TablePresenter().table(for:)) {
                // The table alone on stdout is what the other program reads; a person still
                // sees what the command said, on stderr.
                for line in [display.message, display.notice].compactMap({ $0 }) { sink.err(DisplayWidth.sanitize(line)) }
                for line in table.lines(session.output) { sink.out(line) }
                return
            }
            for line in presenter.lines(for: display) { sink.out(line) }
        case let .failure(error):
            report(error, command: outcome.command, location: location, to: sink)
        }
    }

    /// `log`'s items are read from the store as its line is written (JSONPresenter.write).
    func presentJSON(_ outcome: CommandOutcome, to sink: OutputSink) {
        let store = interpreter.environment.store
        let presenter = JSONPresenter { entry, body in try store.eachJournalSubject(of: entry, body) }
        do {
            try presenter.write(outcome, to: sink)
        } catch {
            sink.out(presenter.line(for: CommandOutcome(command: outcome.command, result: .failure(ShellError.from(error)))))
        }
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
