import FoundationEssentials

/// A password written into a URL (`https://user:password@host/`) travels apart from it: never
/// on the download helper's command line, which any local user can read in `ps`, and to the
/// server as an Authorization header rather than inside the URL handed to the HTTP stack.
public enum URLPassword {
    /// `url` without its password, and that password as written in it (percent-encoded); nil
    /// when the URL cannot be taken apart, so that it is refused rather than passed on whole.
    public static func split(_ url: URL) -> (url: URL, password: String?)? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        guard let password = parts.percentEncodedPassword else { return (url, nil) }
        parts.percentEncodedPassword = nil
        guard let plain = parts.url else { return nil }
        return (plain, password.isEmpty ? nil : password)
    }

    /// The URL to request (no user, no password) and the Basic Authorization header for the
    /// user in `url` with its own password or `password` (percent-encoded, as `split` gave it).
    /// No header without a password: a user alone is no credential.
    public static func authorization(for url: URL, password: String? = nil) -> (url: URL, header: String?) {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.percentEncodedUser != nil else {
            return (url, nil)
        }
        let user = parts.user ?? ""
        let secret = password.map { percentDecoded($0) ?? $0 } ?? parts.password
        parts.percentEncodedUser = nil
        parts.percentEncodedPassword = nil
        guard let plain = parts.url else { return (url, nil) }
        guard let secret, !secret.isEmpty else { return (plain, nil) }
        return (plain, "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString())
    }

    /// "%41b" -> "Ab"; nil when a % is not followed by two hex digits or the bytes are not
    /// UTF-8 (FoundationEssentials has no removingPercentEncoding).
    public static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let high = hexValue(rest.removeFirst()), let low = hexValue(rest.removeFirst()) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
