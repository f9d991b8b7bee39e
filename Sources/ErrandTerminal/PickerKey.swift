/// A key as Ctrl-R's list reads it, from the bytes one press sends.
enum PickerKey: Equatable {
    case text(String)
    case erase
    case up
    case down
    case take
    case cancel
    case ignored

    /// `bytes`: one press, as LineEditor reads it (an escape sequence whole, a character's
    /// UTF-8 whole).
    init(_ bytes: [UInt8]) {
        guard let first = bytes.first else {
            self = .ignored
            return
        }
        switch first {
        case 0x0D, 0x0A: self = .take
        // Ctrl-G as in Emacs, Ctrl-C, and Escape alone.
        case 0x07, 0x03: self = .cancel
        case 0x7F, 0x08: self = .erase
        // Ctrl-R again and Ctrl-N go down the list (to older, weaker matches), Ctrl-P and Ctrl-S up.
        case 0x12, 0x0E, 0x09: self = .down
        case 0x10, 0x13: self = .up
        case 0x1B:
            if bytes.count == 1 {
                self = .cancel
            } else if bytes.count == 3, bytes[1] == 0x5B || bytes[1] == 0x4F, bytes[2] == 0x41 {
                self = .up
            } else if bytes.count == 3, bytes[1] == 0x5B || bytes[1] == 0x4F, bytes[2] == 0x42 {
                self = .down
            } else {
                self = .ignored
            }
        case ..<0x20: self = .ignored
        default:
            guard let text = String(validating: bytes, as: UTF8.self) else {
                self = .ignored
                return
            }
            self = .text(text)
        }
    }

    /// How many bytes follow a first byte for its press to be whole: a UTF-8 character's
    /// continuation bytes; for Escape, nil (read what is already waiting: a sequence comes in
    /// one write, Escape alone has nothing after it).
    static func following(_ first: UInt8) -> Int? {
        switch first {
        case 0x1B: return nil
        case 0xC0...0xDF: return 1
        case 0xE0...0xEF: return 2
        case 0xF0...0xF7: return 3
        default: return 0
        }
    }
}
