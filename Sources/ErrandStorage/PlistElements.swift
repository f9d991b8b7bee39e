import FoundationEssentials

/// Cuts an XML property list whose top level is an array into the byte ranges of the array's
/// elements, so an import decodes one entry at a time: PropertyListDecoder's tree of a whole
/// 64 MB file and the entries it gave held about 20 times the file (issue 28 item 10). Only
/// what the boundaries need is read (tags, comments, CDATA, processing instructions); each
/// element is then parsed in full by PropertyListDecoder. nil for anything else (a binary
/// plist, a top level that is not an array, markup this scan does not follow), which the
/// caller decodes whole as before.
struct PlistElements {
    let bytes: UnsafeRawBufferPointer

    /// What an element is wrapped in to be decoded on its own.
    static let head = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n".utf8)
    static let tail = Data("\n</plist>\n".utf8)

    /// The elements' ranges, in order; nil when the file is not an XML plist of one array.
    func ranges() -> [Range<Int>]? {
        var position = 0
        var depth = 0
        var start: Int?
        var ranges: [Range<Int>] = []
        // 0: before <plist>; 1: inside it, before <array>; 2: inside the array; 3: after it.
        var stage = 0
        while let open = find(UInt8(ascii: "<"), from: position) {
            guard let tag = self.tag(at: open) else { return nil }
            position = tag.end
            switch tag.kind {
            case .markup: continue
            case let .open(name, closed):
                switch stage {
                case 0:
                    guard name == "plist", !closed else { return nil }
                    stage = 1
                case 1:
                    guard name == "array" else { return nil }
                    stage = closed ? 3 : 2
                case 2:
                    if depth == 0 { start = open }
                    if closed {
                        if depth == 0, let first = start { ranges.append(first..<tag.end) }
                    } else {
                        depth += 1
                    }
                default: return nil
                }
            case let .close(name):
                switch stage {
                case 2 where depth == 0:
                    guard name == "array" else { return nil }
                    stage = 3
                case 2:
                    depth -= 1
                    if depth == 0, let first = start { ranges.append(first..<tag.end) }
                case 3:
                    guard name == "plist" else { return nil }
                    stage = 4
                default: return nil
                }
            }
        }
        return stage == 4 ? ranges : nil
    }

    enum Kind: Equatable {
        /// <?...?>, <!DOCTYPE ...>, <!-- ... -->, <![CDATA[ ... ]]>: no element.
        case markup
        case open(String, closed: Bool)
        case close(String)
    }

    /// The tag opening at `at` and where it ends; nil when it does not end.
    func tag(at start: Int) -> (kind: Kind, end: Int)? {
        if starts("<!--", at: start) { return find("-->", from: start + 4).map { (.markup, $0 + 3) } }
        if starts("<![CDATA[", at: start) { return find("]]>", from: start + 9).map { (.markup, $0 + 3) } }
        guard let close = find(UInt8(ascii: ">"), from: start + 1) else { return nil }
        let inner = bytes[(start + 1)..<close]
        guard let first = inner.first else { return nil }
        if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { return (.markup, close + 1) }
        let closing = first == UInt8(ascii: "/")
        let selfClosing = inner.last == UInt8(ascii: "/")
        let nameBytes = inner.dropFirst(closing ? 1 : 0).prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != UInt8(ascii: "/") }
        let name = String(decoding: nameBytes, as: UTF8.self)
        guard !name.isEmpty else { return nil }
        return (closing ? .close(name) : .open(name, closed: selfClosing), close + 1)
    }

    func starts(_ text: String, at position: Int) -> Bool {
        let pattern = Array(text.utf8)
        guard position + pattern.count <= bytes.count else { return false }
        return pattern.indices.allSatisfy { bytes[position + $0] == pattern[$0] }
    }

    func find(_ byte: UInt8, from position: Int) -> Int? {
        var i = position
        while i < bytes.count {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    func find(_ text: String, from position: Int) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var i = position
        while let at = find(first, from: i) {
            if starts(text, at: at) { return at }
            i = at + 1
        }
        return nil
    }
}
