import ErrandTestSupport
import Foundation
import Testing

/// The real program in a terminal of a fixed size, read with its scrollback (a photo is tall).
final class TmuxScreen: TmuxDriver {
    init(command: String, columns: Int = 80, rows: Int = 40) throws {
        super.init(prefix: "errand-pictures")
        try start(command, columns: columns, rows: rows)
    }

    /// Typed only once libedit has drawn its prompt: keys sent while a sync or a photo still
    /// runs reach a cooked tty and are echoed twice.
    func type(_ line: String) throws { try typeAtPrompt(line) }

    /// The screen and what scrolled off it, wrapped lines joined; with `escapes`, with colours.
    func history(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-J", "-S", "-", "-t", "t"] + (escapes ? ["-e"] : []))
    }

    /// Types `line` and waits until what follows its last echo shows `text`; returns that part.
    @discardableResult
    func enter(_ line: String, until text: String, timeout: Double = 120,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        // The same line typed before is in the scrollback too: wait for one more echo of it.
        let before = try history().components(separatedBy: "> " + line).count
        try type(line)
        var after = ""
        let found = try poll(timeout: timeout) { () throws -> String? in
            let parts = try history().components(separatedBy: "> " + line)
            after = parts.last ?? ""
            return parts.count > before && after.contains(text) ? after : nil
        }
        if let found { return found }
        Issue.record("after \(line.debugDescription) the screen never showed \(text.debugDescription):\n\(after)",
                     sourceLocation: sourceLocation)
        return after
    }
}
