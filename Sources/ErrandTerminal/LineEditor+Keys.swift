@preconcurrency import CEditLine
#if canImport(Glibc)
import Glibc
#endif

/// The keys errand adds to libedit's emacs map beyond Tab and the suggestion's: the typed line
/// in the person's editor (Alt-E, Ctrl-X Ctrl-E), abbreviations on Space, and Ctrl-R's ranked
/// search of the history (LineEditor+HistorySearch).
extension LineEditor {
    func bindKeys(_ el: OpaquePointer) {
        cel_add_function(el, "errand-edit-line", "edit the line in $VISUAL or $EDITOR") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().editInEditor(el)
        }
        for key in ["\\ee", "\\eE", "^X^E"] { cel_bind(el, key, "errand-edit-line") }
        cel_add_function(el, "errand-space", "a space, an abbreviation before it expanded") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().spaceExpanding(el)
        }
        cel_bind(el, " ", "errand-space")
        cel_add_function(el, "errand-enter", "an abbreviation expanded, then the line entered") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().enterExpanding(el)
        }
        // Enter (^M, or ^J where the terminal turns it into one) expands, then pushes a key of
        // errand's own that libedit's ed-newline takes: no terminal sends it.
        for key in ["^M", "^J"] { cel_bind(el, key, "errand-enter") }
        cel_bind(el, LineEditor.enteredKey, "ed-newline")
        cel_add_function(el, "errand-search-history", "search the history, best matches listed") { el, _ in
            guard let el, let data = cel_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().searchHistory(el)
        }
        cel_bind(el, "^R", "errand-search-history")
    }

    /// The whole line, wherever the cursor is.
    func wholeLine(_ el: OpaquePointer) -> String? {
        guard let (bytes, _) = typed(el) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line before the cursor.
    func beforeCursor(_ el: OpaquePointer) -> String? {
        guard let info = el_line(el)?.pointee, let start = info.buffer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: start, count: info.cursor - start).bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// Puts `text` in place of the whole line, the cursor at its end.
    func replaceLine(_ el: OpaquePointer, with text: String) {
        guard let info = el_line(el)?.pointee, let cursor = info.cursor, let line = wholeLine(el) else { return }
        let after = String(decoding: UnsafeRawBufferPointer(start: cursor, count: info.lastchar - cursor)
            .bindMemory(to: UInt8.self), as: UTF8.self)
        // el_cursor and el_deletestr count characters as libedit does: Unicode scalars.
        if !after.isEmpty { el_cursor(el, Int32(after.unicodeScalars.count)) }
        replace(el, typed: line, with: text)
    }

    private func editInEditor(_ el: OpaquePointer) -> UInt8 {
        guard let externalEdit, let line = wholeLine(el) else { return UInt8(CC_ERROR) }
        // The editor gets the terminal as a shell would hand it over; libedit's mode comes back after.
        cel_prep_term(el, 0)
        let result = externalEdit(line)
        cel_prep_term(el, 1)
        switch result {
        case let .changed(text): replaceLine(el, with: EditedLine.oneLine(text))
        case .unchanged: break
        case let .failed(reason): writeOut("\r\n" + reason + "\r\n")
        }
        return UInt8(CC_REDISPLAY)
    }

    /// Enter on a line whose first word is an abbreviation: the line is shown expanded, as fish
    /// shows it, before it is entered (a key pushed for libedit's own ed-newline, which ends
    /// the read and moves below a line that wraps).
    private func enterExpanding(_ el: OpaquePointer) -> UInt8 {
        if let expand, !ownHistoryActive, let line = wholeLine(el), let expanded = expand(line) {
            replaceLine(el, with: expanded)
        }
        el_push(el, LineEditor.pushedEnter)
        return UInt8(CC_REFRESH)
    }

    /// An escape sequence no key sends, bound to ed-newline: what Enter pushes.
    static let enteredKey = "\\e[7741~"
    static let pushedEnter = "\u{1B}[7741~"

    /// Space after a first word that is an abbreviation: the expansion in its place, then the space.
    private func spaceExpanding(_ el: OpaquePointer) -> UInt8 {
        if let expand, !ownHistoryActive, let before = beforeCursor(el), !before.contains(" "),
           let expansion = expand(before) {
            replace(el, typed: before, with: expansion)
        }
        el_insertstr(el, " ")
        return UInt8(CC_REFRESH)
    }
}
