import ErrandTestSupport
import Foundation
import Testing

/// The real program in a terminal of a fixed size, read with its scrollback (a photo is tall).
final class TmuxScreen: TmuxDriver {
    init(command: String, columns: Int = 80, rows: Int = 40) throws {
        super.init(prefix: "errand-pictures")
        try start(command, columns: columns, rows: rows)
    }

    func history(escapes: Bool = false) throws -> String { try scrollback(escapes: escapes) }

    /// Types `line` once errand reads one, waits until it reads the next, and returns what
    /// follows the line's last echo once it shows `text` (tmux draws a moment after errand says).
    @discardableResult
    func enter(_ line: String, until text: String) throws -> String {
        // The same line typed before is in the scrollback too: wait for one more echo of it.
        let before = try history().components(separatedBy: "> " + line).count
        try type(line)
        var after = ""
        let found = try Waiting.until { () throws -> String? in
            let parts = try history().components(separatedBy: "> " + line)
            after = parts.last ?? ""
            return parts.count > before && after.contains(text) ? after : nil
        }
        if let found { return found }
        throw TmuxFailure.neverShown(what: "\(text.debugDescription) after \(line.debugDescription)", screen: after)
    }
}
