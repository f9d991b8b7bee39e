/// Passwords people write into URLs (`https://user:password@host/`) must reach no file and no
/// screen: the history, `--echo`, error and success messages and the store's record of where
/// a catalogue came from all pass their text through here first.
///
/// A password is what stands between the first `:` and the last `@` of a URL's authority (the
/// part after `://` up to `/`, `?` or `#`). Typed passwords break that grammar (a `/` in one),
/// so when the authority holds no `@`, an `@` further on, before the next blank, still ends a
/// password if the text after `://` reads `user:password…@` rather than `host:port/…@`.
public enum Secrets {
    public static let mask = "***"

    /// `text` with the password of every `scheme://user:password@` in it replaced by `***`.
    public static func redacted(_ text: String) -> String {
        rewrite(text, password: mask)
    }

    /// `text` with every such password taken out with its colon (`scheme://user@`): for a URL
    /// kept to be used again, which must not send `***` as if it were the password.
    public static func withoutPasswords(_ text: String) -> String {
        rewrite(text, password: nil)
    }

    static func rewrite(_ text: String, password replacement: String?) -> String {
        let bytes = text.utf8
        guard let first = authorityStart(in: bytes[...]) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var rest = bytes[...]
        var start: Substring.UTF8View.Index? = first
        while let authority = start {
            if let (colon, at) = passwordSpan(rest[authority...]) {
                out += rest[..<colon]
                if let replacement { out += [UInt8(ascii: ":")] + Array(replacement.utf8) }
                rest = rest[at...]
            } else {
                out += rest[..<authority]
                rest = rest[authority...]
            }
            start = authorityStart(in: rest)
        }
        out += rest
        return String(decoding: out, as: UTF8.self)
    }

    /// Where the first `://` in `text` ends.
    static func authorityStart(in text: String.UTF8View.SubSequence) -> String.UTF8View.Index? {
        var rest = text
        while let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
            let after = rest[rest.index(after: colon)...]
            if after.starts(with: "//".utf8) { return after.index(after.startIndex, offsetBy: 2) }
            rest = after
        }
        return nil
    }

    /// The `:` before a password and the `@` after it, in the text just after a `://`.
    static func passwordSpan(_ text: String.UTF8View.SubSequence) -> (String.UTF8View.Index, String.UTF8View.Index)? {
        // A URL in a message ends at a blank or a closing quote; a password never goes past one.
        let run = text.prefix { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") }
        let authority = run.prefix { !isAuthorityEnd($0) }
        let userinfo: String.UTF8View.SubSequence
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            userinfo = authority[..<at]
        } else if let at = run.firstIndex(of: UInt8(ascii: "@")), looksLikePassword(run[..<at]) {
            userinfo = run[..<at]
        } else {
            return nil
        }
        guard let colon = userinfo.firstIndex(of: UInt8(ascii: ":")),
              userinfo.index(after: colon) < userinfo.endIndex else { return nil }
        return (colon, userinfo.endIndex)
    }

    /// Whether text before an `@` past the authority reads `user:password` (a password holding
    /// `/`, `?` or `#`) and not `host/path`, `host:port/path` or `[IPv6]:port/path`.
    static func looksLikePassword(_ userinfo: String.UTF8View.SubSequence) -> Bool {
        guard userinfo.first != UInt8(ascii: "["), let colon = userinfo.firstIndex(of: UInt8(ascii: ":")),
              !userinfo[..<colon].contains(where: isAuthorityEnd) else { return false }
        let beforeSlash = userinfo[userinfo.index(after: colon)...].prefix { !isAuthorityEnd($0) }
        let isPort = !beforeSlash.isEmpty && beforeSlash.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return !isPort
    }

    static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
