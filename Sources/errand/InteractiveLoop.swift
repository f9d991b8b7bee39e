import ErrandHelpers
import ErrandLaunch
import ErrandShell
import ErrandStorage
import ErrandTerminal

/// The keyboard session: prompt, history, completion; Ctrl-C cancels the line, Ctrl-D,
/// `quit`, SIGTERM and SIGHUP leave after saving the history.
struct InteractiveLoop {
    let runner: Runner
    let editor: LineEditor
    let history: HistoryFile
    /// Run after the banner, as psql runs ~/.psqlrc; nil with -X.
    let startup: StartupFile?
    /// The terminal's columns now: asked before each prompt and each command, as libedit
    /// asks for the line it edits, so a resized window is laid out at its new width.
    let width: () -> Int

    func run() {
        wireEditor()
        runner.sink.out("Errand: type help for commands, Tab to complete, Ctrl-D to leave.")
        if let notice = runner.interpreter.startupNotice() { runner.sink.out(notice) }
        runner.sink.flush()
        startup?.run(with: runner)
        loop: while !runner.quitRequested {
            runner.options.width = width()
            runner.remindAbovePrompt()
            let session = runner.interpreter.session
            editor.suggesting = session.suggest && session.color
            editor.markInColour = session.color
            let read = editor.readLine(prompt: runner.prompt)
            runner.options.width = width()
            switch read {
            case let .line(typed):
                // The editor showed an abbreviation expanded on Enter; with Enter rebound in
                // ~/.editrc it did not, and the line is expanded here: the expansion runs either
                // way, and the history keeps it.
                let line = session.abbreviations.expanded(typed) ?? typed
                // Recalled as saved: with any password masked (the history file scrubs it, ShellWiring).
                if history.add(line), let kept = history.entries.last { editor.remember(kept) }
                // Keys typed while it runs wait for the next prompt, unseen (TerminalEcho).
                let echo = TerminalEcho.silenced()
                let abbreviations = runner.interpreter.session.abbreviations
                runner.runOne(line)
                echo?.restore()
                keepAbbreviations(was: abbreviations)
                // SIGTERM while a command ran (watch ends its wait for it): leave as at the prompt.
                if SignalFlags.terminationRequested { break loop }
            case .tooLong:
                runner.refuse(LineLimit.tooLong, location: nil)
            case .interrupted:
                continue
            case .endOfInput:
                runner.sink.out("")
                break loop
            case .terminated:
                break loop
            }
        }
        runner.sink.flush()
        do {
            try history.save()
        } catch {
            runner.sink.err("errand: \(error)")
        }
    }

    /// What the prompt asks of the shell: Tab's candidates, whether Enter would refuse the
    /// line, abbreviations, and the line in the person's editor.
    private func wireEditor() {
        editor.completer = { line in
            let interpreter = runner.interpreter
            let answer = Completer(table: interpreter.table, session: interpreter.session,
                                   environment: interpreter.environment).complete(line)
            return TabCompletion(replaceCount: answer.replaceCount,
                                 candidates: answer.candidates.map { ($0.insert, $0.display, $0.isComplete) })
        }
        // The prompt's mark says when Enter would refuse the line: from the declarations and the
        // listing in memory, no store read at any key. An abbreviation is checked as what it runs.
        editor.refuses = { line in
            let interpreter = runner.interpreter
            return LineCheck(table: interpreter.table, session: interpreter.session, today: interpreter.environment.clock.today)
                .refuses(interpreter.session.abbreviations.expanded(line) ?? line)
        }
        editor.expand = { line in runner.interpreter.session.abbreviations.expanded(line) }
        editor.externalEdit = { line in
            guard let chosen = runner.interpreter.environment.editor else { return .failed("errand: no editor is set up here (set VISUAL or EDITOR)") }
            do throws(ExternalEditor.Failure) {
                return try chosen.edit(line, limit: LineLimit.bytes, file: "errand-line", what: "a line").map(EditedLine.changed) ?? .unchanged
            } catch {
                return .failed("errand: \(error.reason); the line is as it was")
            }
        }
    }

    /// An `abbr` typed here is kept in the errandrc for the next session (none with -X).
    private func keepAbbreviations(was: Abbreviations) {
        let now = runner.interpreter.session.abbreviations
        guard now != was, let startup else { return }
        do {
            try startup.keep(now, was: was)
            runner.sink.out("kept in " + startup.path)
        } catch {
            runner.sink.err("errand: \(error); the abbreviation holds for this session only")
        }
        runner.sink.flush()
    }
}
