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
    private let output: UnsafeMutablePointer<FILE>?
    private let maxLineBytes: Int
    public var completer: Completer?

    /// A line longer than `maxLineBytes` (the newline not counted) is read as `.tooLong`.
    public init?(program: String = "errand", history entries: [String], maxLineBytes: Int) {
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), let errors = fdopen(2, "w") else { return nil }
        self.output = output
        self.maxLineBytes = maxLineBytes
        guard let el = el_init(program, input, output, errors) else { return nil }
        editLine = el
        history = history_init()
        if let history {
            cel_history_setsize(history, 2000)
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
    }

    /// Reads one line; the trailing newline is removed. `initial` starts the line, for the
    /// person to edit: it is pushed as typed input, so it must hold no control characters
    /// (they would act as keys); such text is not offered. `history` names a history of its
    /// own for Up and Down (nil: the commands'), and `completer` replaces the commands' Tab for
    /// this line (a question with nothing to offer passes one that offers nothing).
    public func readLine(prompt: String, initial: String = "", history name: String? = nil,
                         completer lineCompleter: Completer? = nil) -> ReadResult {
        guard let editLine else { return .endOfInput }
        let commands = completer
        if let lineCompleter { completer = lineCompleter }
        if let name, let own = ownHistory(name) { cel_set_history(editLine, own) }
        defer {
            completer = commands
            if name != nil, let history { cel_set_history(editLine, history) }
        }
        setPrompt(prompt)
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
        let answer = completer(before)
        guard !answer.candidates.isEmpty else { return UInt8(CC_ERROR) }
        let typed = String(before.suffix(answer.replaceCount))
        if answer.candidates.count == 1, let only = answer.candidates.first {
            replace(el, typed: typed, with: only.insert + (only.complete ? " " : ""))
            return UInt8(CC_REFRESH)
        }
        let common = answer.commonPrefix
        if common.count > typed.count, common.hasPrefix(typed) || !typed.hasPrefix("\"") {
            replace(el, typed: typed, with: common)
            return UInt8(CC_REFRESH)
        }
        writeOut("\n" + Columns.layout(answer.candidates.map(\.display), width: TerminalInfo.width(environment: [:])) + "\n")
        return UInt8(CC_REDISPLAY)
    }

    private func replace(_ el: OpaquePointer, typed: String, with text: String) {
        // el_deletestr counts characters as libedit sees them: Unicode scalars.
        let scalars = typed.unicodeScalars.count
        if scalars > 0 { el_deletestr(el, Int32(scalars)) }
        el_insertstr(el, text)
    }

    private func writeOut(_ text: String) {
        guard let output else { return }
        fputs(text, output)
        fflush(output)
    }
}
