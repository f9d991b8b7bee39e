import FoundationEssentials

/// `~/.netrc` as curl and git read it: `machine HOST login USER password SECRET`, a `default`
/// entry for any other host, `macdef` bodies skipped (up to the next blank line). Tokens may
/// be double-quoted. Only the entry asked for is returned; nothing is ever printed.
public struct Netrc: Sendable {
    public struct Entry: Equatable, Sendable {
        public var login: String?
        public var password: String?
    }

    var machines: [(host: String?, entry: Entry)] = []

    /// Nil for a file that cannot be read (no netrc is not an error).
    public init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else { return nil }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    public init(text: String) {
        var tokens = Netrc.tokens(text).makeIterator()
        var current: (host: String?, entry: Entry)?
        while let token = tokens.next() {
            switch token {
            case "machine", "default":
                if let current { machines.append(current) }
                current = (token == "machine" ? tokens.next() : nil, Entry())
            case "login": current?.entry.login = tokens.next()
            case "password": current?.entry.password = tokens.next()
            case "account": _ = tokens.next()
            default: break
            }
        }
        if let current { machines.append(current) }
    }

    /// The entry for `host` (and `user`, when the URL names one), else the default entry.
    public func entry(host: String, user: String?) -> Entry? {
        let fits = { (entry: Entry) in user == nil || entry.login == nil || entry.login == user }
        if let match = machines.first(where: { $0.host?.lowercased() == host.lowercased() && fits($0.entry) }) {
            return match.entry
        }
        return machines.first { $0.host == nil && fits($0.entry) }?.entry
    }

    static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var inMacro = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inMacro {
                if line.allSatisfy(\.isWhitespace) { inMacro = false }
                continue
            }
            var words = Netrc.words(line)
            if let index = words.firstIndex(of: "macdef") {
                words = Array(words[..<index])
                inMacro = true
            }
            out += words
        }
        return out
    }

    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for ch in line {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "\"" {
                quoted.toggle()
            } else if ch.isWhitespace && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
