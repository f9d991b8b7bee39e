@preconcurrency import CEditLine
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The libedit prompt: emacs keys, UTF-8 editing, `~/.editrc`, in-memory history fed from
/// the history file, and whole-line Tab completion through a callback. Used only when stdin
/// and stdout are both terminals.
public final class LineEditor {
    public typealias Completer = (String) -> TabCompletion

    private var editLine: OpaquePointer?
    private var history: OpaquePointer?
    /// Histories of their own, by name, for questions asked between commands (a form's
    /// fields): Up there recalls earlier answers to the same question, never commands.
    private var otherHistories: [String: OpaquePointer] = [:]
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    private(set) var promptText = ""
    /// Suggestions from the commands' history; shown only while `suggesting` (a colour
    /// terminal with `set suggest on`) and never in a question's own history.
    let suggester: HistorySuggester
    public var suggesting = false
    private(set) var ownHistoryActive = false
    private let output: UnsafeMutablePointer<FILE>?
    private let maxLineBytes: Int
    public var completer: Completer?
    /// Whether Enter would refuse the line as it stands (the shell's LineCheck): while it
    /// would, the prompt's mark (its last character, `>`) is drawn red, or as `!` where
    /// `markInColour` is off. Never asked in a question's own history.
    public var refuses: ((String) -> Bool)?
    public var markInColour = false
    /// Alt-E and Ctrl-X Ctrl-E: the line in the person's editor (nil: the keys do nothing).
    public var externalEdit: ((String) -> EditedLine)?
    /// Abbreviations: a line with its first word expanded, nil when that word is none (the
    /// shell's Abbreviations.expanded). Asked on Space after the first word and on Enter.
    public var expand: ((String) -> String?)?
    /// Told each time a key is awaited with none pending (ReadySignal); nil outside tests.
    public var ready: ReadySignal?
    /// What the current read is, for `ready`: "prompt" or "form"; "key" after its first key.
    private var reading = "prompt"
    /// What the mark on the screen shows now; libedit's own picture of it is always the plain one.
    private var markRefused = false

    /// A line longer than `maxLineBytes` (the newline not counted) is read as `.tooLong`.
    public init?(program: String = "errand", history entries: [String], maxLineBytes: Int, historyLimit: Int = HistoryFile.defaultLimit) {
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), let errors = fdopen(2, "w") else { return nil }
        self.output = output
        self.maxLineBytes = maxLineBytes
        suggester = HistorySuggester(history: entries, limit: historyLimit)
        guard let el = el_init(program, input, output, errors) else { return nil }
        editLine = el
        history = history_init()
        if let history {
            cel_history_setsize(history, Int32(clamping: historyLimit))
            cel_history_setunique(history, 1)
            for entry in entries { cel_history_enter(history, entry) }
            cel_set_history(el, history)
        }
        cel_set_editor(el, "emacs")
        cel_set_signal(el, 1)
        cel_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
        cel_set_prompt(el) { el in
            guard let el, let data = cel_get_clientdata(el) else { return nil }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }
        cel_add_function(el, "errand-complete", "context-aware completion") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete(el)
        }
        cel_bind(el, "^I", "errand-complete")
        // libedit has no text after the cursor that is not the line's, and draws the line
        // only from its own picture of the screen. The one moment it is not drawing is when
        // it asks for the next key: our reader draws the suggestion then and erases it as
        // soon as the key arrives, before libedit acts on it, so its picture stays true.
        cel_set_read(el) { el, character in
            guard let el, let character, let data = cel_get_clientdata(el) else { return -1 }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().readKey(el, into: character)
        }
        cel_add_function(el, "errand-accept", "accept the suggestion, or move right") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().accept(el, wordOnly: false)
        }
        cel_add_function(el, "errand-accept-word", "accept a word of the suggestion, or move past the next word") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().accept(el, wordOnly: true)
        }
        for key in ["^F", "\\e[C", "\\eOC"] { cel_bind(el, key, "errand-accept") }
        cel_bind(el, "\\ef", "errand-accept-word")
        // Up and Down walk the lines that start with what is typed before the cursor (all of
        // them on an empty line), as zsh's up-line-or-search; libedit's own search keeps its
        // prefix from one press to the next and skips the line already shown. Both cursor-key
        // modes: tmux and xterm send ESC O A once libedit has put the keypad in its mode.
        for key in ["\\e[A", "\\eOA"] { cel_bind(el, key, "ed-search-prev-history") }
        for key in ["\\e[B", "\\eOB"] { cel_bind(el, key, "ed-search-next-history") }
        bindKeys(el)
        // The user's own key bindings win over ours, as in every libedit program.
        el_source(el, nil)
        setPrompt("> ")
    }

    deinit {
        if let editLine { el_end(editLine) }
        if let history { history_end(history) }
        for other in otherHistories.values { history_end(other) }
        free(promptBuffer)
    }

    func setPrompt(_ prompt: String) {
        free(promptBuffer)
        promptBuffer = strdup(prompt)
        promptText = prompt
    }

    /// Reads one line; the trailing newline is removed. `initial` starts the line, for the
    /// person to edit: it is pushed as typed input, so it must hold no control characters
    /// (they would act as keys); such text is not offered. `history` names a history of its
    /// own for Up and Down (nil: the commands'), and `completer` replaces the commands' Tab for
    /// this line (a question with nothing to offer passes one that offers nothing).
    public func readLine(prompt: String, initial: String = "", history name: String? = nil,
                         completer lineCompleter: Completer? = nil, reading kind: String = "prompt") -> ReadResult {
        guard let editLine else { return .endOfInput }
        reading = kind
        let commands = completer
        if let lineCompleter { completer = lineCompleter }
        if let name, let own = ownHistory(name) {
            cel_set_history(editLine, own)
            ownHistoryActive = true
        }
        defer {
            completer = commands
            ownHistoryActive = false
            if name != nil, let history { cel_set_history(editLine, history) }
        }
        setPrompt(prompt)
        markRefused = false
        _ = SignalFlags.takeInterrupt()
        if !initial.isEmpty, !initial.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            el_push(editLine, initial)
        }
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count) else {
            if SignalFlags.terminationRequested { return .terminated }
            if count < 0 || SignalFlags.takeInterrupt() {
                el_reset(editLine)
                writeOut("^C\n")
                return .interrupted
            }
            return .endOfInput
        }
        return LineEditor.result(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                                                     count: strlen(raw)), maxBytes: maxLineBytes)
    }

    /// libedit keeps the pasted line in its own buffer; this only makes sure a line over the
    /// limit goes no further (not to the interpreter, not to the history).
    static func result(_ bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> ReadResult {
        var line = bytes[...]
        if line.last == 0x0A { line = line.dropLast() }
        guard line.count <= maxBytes else { return .tooLong }
        return .line(String(decoding: line, as: UTF8.self))
    }

    /// Adds to the in-memory history that Up and Down walk through: the commands', or the
    /// one named (see readLine).
    public func remember(_ line: String, in name: String? = nil) {
        guard let target = name == nil ? history : name.flatMap(ownHistory) else { return }
        cel_history_enter(target, line)
        if name == nil { suggester.remember(line) }
    }

    /// The line typed so far and whether the cursor is at its end (where a suggestion applies).
    func typed(_ el: OpaquePointer) -> (bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool)? {
        guard let info = el_line(el)?.pointee, let start = info.buffer else { return nil }
        let count = info.lastchar - start
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: count)
        return (bytes, info.cursor == info.lastchar)
    }

    /// Past `suggestedBytes` typed no suggestion is looked for: such a line fills the screen
    /// already, and a pasted megabyte would otherwise be copied and compared at every byte.
    static let suggestedBytes = 1024

    private func suggestion(_ el: OpaquePointer) -> String? {
        guard suggesting, !ownHistoryActive, let (bytes, atEnd) = typed(el), atEnd, bytes.count <= LineEditor.suggestedBytes,
              let rest = suggester.rest(after: bytes) else { return nil }
        return String(decoding: rest, as: UTF8.self)
    }

    /// One character for libedit, the suggestion shown while waiting for it. Ctrl-C, SIGTERM
    /// and SIGHUP end the read as libedit's own reader does (el_gets then returns NULL);
    /// other signals (a resized window, a resumed job) only interrupt the wait.
    private func readKey(_ el: OpaquePointer, into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        drawMark(el)
        let ghost = drawSuggestion(el)
        defer { if ghost { writeOut("\u{1B}[K") } }
        tellReady(el)
        var state = mbstate_t()
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count == 0 { return 0 }
            if count < 0 {
                if errno == EINTR, SignalFlags.interrupt == 0, !SignalFlags.terminationRequested { continue }
                return -1
            }
            var wide: wchar_t = 0
            let used = withUnsafePointer(to: &byte) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 1) { mbrtowc(&wide, $0, 1, &state) }
            }
            if used == -2 { continue }
            if used == -1 {
                state = mbstate_t()
                continue
            }
            character.pointee = wide
            return 1
        }
    }

    /// Everything is drawn and flushed by now; a key already waiting means the driver's keys
    /// are still being handled, and it is told only after the last.
    private func tellReady(_ el: OpaquePointer) {
        guard let ready, !ReadySignal.inputPending(0) else { return }
        let line = typed(el).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        ready.tell(reading, prompt: promptText, line: line)
        reading = "key"
    }

    /// Writes the rest of the suggested line dimmed after the cursor, and puts the cursor
    /// back; only on a line that fits on one row with it (cut to fit), so nothing wraps.
    private func drawSuggestion(_ el: OpaquePointer) -> Bool {
        guard let rest = suggestion(el), let (bytes, _) = typed(el),
              let (shown, width) = SuggestionFit.shown(rest, after: promptText + String(decoding: bytes, as: UTF8.self),
                                                       width: TerminalInfo.width(environment: [:])) else { return false }
        writeOut("\u{1B}[2m" + shown + "\u{1B}[0m\u{1B}[\(width)D")
        return true
    }

    /// The prompt's mark, drawn over libedit's plain one while the line would be refused and
    /// put back once it would not. Drawn when libedit waits for a key, as the suggestion is: its
    /// prompt call runs only on a whole redraw, not for each character typed. The mark keeps its
    /// width, so libedit's picture of the row stays true but for that cell's colour or letter.
    private func drawMark(_ el: OpaquePointer) {
        let refused: Bool
        if let refuses, !ownHistoryActive, let (bytes, _) = typed(el), bytes.count <= LineEditor.suggestedBytes {
            refused = refuses(String(decoding: bytes, as: UTF8.self))
        } else {
            refused = false
        }
        guard refused || markRefused, let info = el_line(el)?.pointee, let start = info.buffer else { return }
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: info.cursor - start).bindMemory(to: UInt8.self),
                            as: UTF8.self)
        let mark = PromptMark(prompt: promptText, beforeCursor: before, refused: refused, colour: markInColour,
                              width: TerminalInfo.width(environment: [:]))
        let drawing = mark.redraw(after: markRefused)
        markRefused = refused
        if let drawing { writeOut(drawing) }
    }

    /// Columns the text takes at the terminal; nil when it holds a character that is not
    /// drawn in one place (a control, a line break).
    static func columns(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            let w = Int(cel_wcwidth(wchar_t(bitPattern: scalar.value)))
            if w < 0 { return nil }
            total += w
        }
        return total
    }

    /// → and Ctrl-F at the end of the line take the suggestion (Alt-F its next word); elsewhere
    /// they move as libedit's own keys do, which a function of ours cannot call.
    private func accept(_ el: OpaquePointer, wordOnly: Bool) -> UInt8 {
        if let rest = suggestion(el) {
            el_insertstr(el, wordOnly ? HistorySuggester.firstWord(of: rest) : rest)
            return UInt8(CC_REFRESH)
        }
        guard let (bytes, _) = typed(el), let info = el_line(el)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        let cursor = info.cursor - start
        if !wordOnly {
            return el_cursor(el, 1) == Int32(cursor) ? UInt8(CC_ERROR) : UInt8(CC_CURSOR)
        }
        guard let steps = WordMotion.nextWordEnd(in: String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor...]), as: UTF8.self))
        else { return UInt8(CC_ERROR) }
        el_cursor(el, Int32(steps))
        return UInt8(CC_CURSOR)
    }

    private func ownHistory(_ name: String) -> OpaquePointer? {
        if let known = otherHistories[name] { return known }
        guard let made = history_init() else { return nil }
        cel_history_setsize(made, 200)
        cel_history_setunique(made, 1)
        otherHistories[name] = made
        return made
    }

    private func complete(_ el: OpaquePointer) -> UInt8 {
        guard let completer, let info = el_line(el)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        let byteCount = info.cursor - start
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: byteCount).bindMemory(to: UInt8.self),
                            as: UTF8.self)
        switch completer(before).step(before: before) {
        case .nothing:
            return UInt8(CC_ERROR)
        case let .replace(typed, text):
            replace(el, typed: typed, with: text)
            return UInt8(CC_REFRESH)
        case let .list(shown):
            writeOut("\n" + Columns.layout(shown, width: TerminalInfo.width(environment: [:])) + "\n")
            return UInt8(CC_REDISPLAY)
        }
    }

    func replace(_ el: OpaquePointer, typed: String, with text: String) {
        // el_deletestr counts characters as libedit sees them: Unicode scalars.
        let scalars = typed.unicodeScalars.count
        if scalars > 0 { el_deletestr(el, Int32(scalars)) }
        el_insertstr(el, text)
    }

    func writeOut(_ text: String) {
        guard let output else { return }
        fputs(text, output)
        fflush(output)
    }
}
