@preconcurrency import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-R: the history lines that hold what is typed, ranked (HistoryRanking), listed under the
/// line; typing narrows them, Up and Down (or Ctrl-P, Ctrl-N, Ctrl-R again) pick, Enter puts
/// the picked line on the prompt to edit or run, Escape, Ctrl-G or Ctrl-C leave the line as it
/// was. libedit waits while this runs: the keys are read here, and its redraw after puts the
/// line back in place (PickerFrame leaves the cursor on the row libedit left it on).
extension LineEditor {
    func searchHistory(_ el: OpaquePointer) -> UInt8 {
        guard let line = wholeLine(el), let before = beforeCursor(el), let promptColumns = LineEditor.columns(promptText),
              let lineColumns = LineEditor.columns(line), let beforeColumns = LineEditor.columns(before) else { return UInt8(CC_ERROR) }
        let width = max(10, TerminalInfo.width(environment: [:]))
        let height = TerminalInfo.height(environment: [:])
        let frame = PickerFrame(promptColumns: promptColumns, beforeCursorColumns: beforeColumns, lineColumns: lineColumns, width: width)
        // The search row and the matches fit under the line without pushing the prompt off the top.
        let lineRows = (promptColumns + lineColumns) / width + 1
        var picker = HistoryPicker(typed: line, newestFirst: suggester.linesNewestFirst(), rows: min(8, max(1, height - lineRows - 2)))
        writeOut(frame.opening)
        var outcome = HistoryPicker.Outcome.searching
        while outcome == .searching {
            let (rows, column) = picker.drawn(width: width, colour: markInColour)
            writeOut(frame.drawing(rows, cursorColumn: column))
            if let ready, !ReadySignal.inputPending(0) { ready.tell("search", prompt: "search: ", line: picker.typed) }
            guard let press = readPress() else {
                outcome = .cancel
                break
            }
            outcome = picker.press(PickerKey(press))
        }
        writeOut(frame.closing)
        // Ctrl-C arrives as SIGINT where the terminal sends signals: it ended the search, not the line.
        _ = SignalFlags.takeInterrupt()
        if SignalFlags.terminationRequested { return UInt8(CC_EOF) }
        if case let .take(chosen) = outcome { replaceLine(el, with: chosen) }
        return UInt8(CC_REDISPLAY)
    }

    /// One key's bytes: a character's UTF-8 whole, an escape sequence as far as it has come in
    /// (a terminal writes one at once; Escape alone has nothing after it). Nil at the end of
    /// the input or on a signal.
    private func readPress() -> [UInt8]? {
        guard let first = readByte() else { return nil }
        var bytes = [first]
        if let count = PickerKey.following(first) {
            for _ in 0..<count {
                guard let next = readByte() else { return nil }
                bytes.append(next)
            }
            return bytes
        }
        while bytes.count < 8, ReadySignal.inputPending(0), let next = readByte() {
            bytes.append(next)
            // Alt and a key, or the end of a CSI or SS3 sequence.
            if bytes.count == 2, next != 0x5B, next != 0x4F { break }
            if bytes.count >= 3, (0x40...0x7E).contains(next) { break }
        }
        return bytes
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR, SignalFlags.interrupt == 0, !SignalFlags.terminationRequested { continue }
            return nil
        }
    }
}
