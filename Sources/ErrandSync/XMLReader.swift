/// A bounded reader for the small XML documents WebDAV servers answer with (multistatus).
/// Written here rather than linking libxml2 (see the issue note): errand's start-up stays free
/// of it, the reader is fuzzed as part of the package, and it refuses what a DAV reply never
/// needs: a DOCTYPE (so no entity expansion), unknown entities, nesting past `maxDepth`,
/// more than `maxNodes` elements. Any refusal is one line (XMLReader.Failure).
public struct XMLReader {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public let offset: Int
        public var description: String { "malformed XML at byte \(offset): \(reason)" }
    }

    public var maxDepth = 64
    public var maxNodes = 2_000_000

    public init() {}

    /// The root element of `bytes`. Each child of the root, once complete, is offered to
    /// `take` first; those it takes are not kept in the tree, so a reader of a long list of
    /// children (a multistatus of 400,000 responses) holds what it made of them, not them.
    public func parse(_ bytes: [UInt8], take: @escaping (XMLNode) -> Bool = { _ in false }) throws(Failure) -> XMLNode {
        var scanner = XMLScanner(bytes: bytes, maxDepth: maxDepth, maxNodes: maxNodes, take: take)
        return try scanner.document()
    }
}

/// The state of one parse: a position in the bytes and the stack of open elements.
struct XMLScanner {
    struct Open {
        var node: XMLNode
        var qualified: ArraySlice<UInt8>
        var scope: [String: String]
        var text: [UInt8]
    }

    let bytes: [UInt8]
    let maxDepth: Int
    let maxNodes: Int
    var index = 0
    var nodes = 0
    var stack: [Open] = []
    var root: XMLNode?
    let take: (XMLNode) -> Bool

    init(bytes: [UInt8], maxDepth: Int, maxNodes: Int, take: @escaping (XMLNode) -> Bool = { _ in false }) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.take = take
    }

    func fail(_ reason: String) -> XMLReader.Failure { XMLReader.Failure(reason: reason, offset: index) }

    mutating func document() throws(XMLReader.Failure) -> XMLNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                try markup()
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                if var top = stack.popLast() {
                    top.text += try XMLScanner.decoded(bytes[start..<index], at: start)
                    stack.append(top)
                } else if bytes[start..<index].contains(where: { !XMLScanner.isSpace($0) }) {
                    index = start
                    throw fail("text outside the root element")
                }
            }
        }
        guard stack.isEmpty else { throw fail("the document ends inside <\(String(decoding: stack.last?.qualified ?? [], as: UTF8.self))>") }
        guard let root else { throw fail("no root element") }
        return root
    }

    mutating func markup() throws(XMLReader.Failure) {
        if has("<?") {
            try skip(past: "?>")
        } else if has("<!--") {
            try skip(past: "-->")
        } else if has("<![CDATA[") {
            index += 9
            let start = index
            try skip(past: "]]>")
            guard var top = stack.popLast() else { throw fail("CDATA outside the root element") }
            top.text += bytes[start..<(index - 3)]
            stack.append(top)
        } else if has("<!") {
            throw fail("a DOCTYPE or declaration (refused)")
        } else if has("</") {
            try endTag()
        } else {
            try startTag()
        }
    }

    func has(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return text.withUTF8Buffer { pattern in
            for k in 0..<count where bytes[index + k] != pattern[k] { return false }
            return true
        }
    }

    mutating func skip(past end: StaticString) throws(XMLReader.Failure) {
        while index < bytes.count {
            if has(end) {
                index += end.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw fail("unterminated markup")
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func isNameByte(_ b: UInt8) -> Bool {
        !(isSpace(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: ">") || b == UInt8(ascii: "=")
            || b == UInt8(ascii: "<") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'"))
    }

    mutating func name() throws(XMLReader.Failure) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, XMLScanner.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw fail("a name was expected") }
        return bytes[start..<index]
    }

    mutating func skipSpace() {
        while index < bytes.count, XMLScanner.isSpace(bytes[index]) { index += 1 }
    }

    mutating func startTag() throws(XMLReader.Failure) {
        index += 1
        let qualified = try name()
        var raw: [(ArraySlice<UInt8>, String)] = []
        var scope = stack.last?.scope ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated tag") }
            if bytes[index] == UInt8(ascii: ">") || has("/>") { break }
            let attribute = try name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("an attribute without a value") }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail("an unquoted attribute value")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
                index += 1
            }
            guard index < bytes.count else { throw fail("unterminated attribute value") }
            let value = String(decoding: try XMLScanner.decoded(bytes[start..<index], at: start), as: UTF8.self)
            index += 1
            let text = String(decoding: attribute, as: UTF8.self)
            if text == "xmlns" {
                scope[""] = value
            } else if text.hasPrefix("xmlns:") {
                scope[String(text.dropFirst(6))] = value
            } else {
                raw.append((attribute, value))
            }
        }
        let selfClosing = bytes[index] == UInt8(ascii: "/")
        index += selfClosing ? 2 : 1
        nodes += 1
        guard nodes <= maxNodes else { throw fail("more than \(maxNodes) elements") }
        guard stack.count < maxDepth else { throw fail("nested deeper than \(maxDepth) elements") }
        let (namespace, local) = try resolve(qualified, scope: scope)
        var attributes: [String: String] = [:]
        for (key, value) in raw { attributes[String(decoding: key, as: UTF8.self)] = value }
        let node = XMLNode(namespace: namespace, name: local, attributes: attributes)
        stack.append(Open(node: node, qualified: qualified, scope: scope, text: []))
        if selfClosing { try close() }
    }

    mutating func endTag() throws(XMLReader.Failure) {
        index += 2
        let qualified = try name()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("unterminated end tag") }
        index += 1
        guard let top = stack.last, top.qualified.elementsEqual(qualified) else {
            throw fail("an end tag that does not match the open element")
        }
        try close()
    }

    mutating func close() throws(XMLReader.Failure) {
        guard var done = stack.popLast() else { throw fail("an end tag with no open element") }
        done.node.text = String(decoding: done.text, as: UTF8.self)
        if var parent = stack.popLast() {
            if !(stack.isEmpty && take(done.node)) { parent.node.children.append(done.node) }
            stack.append(parent)
        } else if root == nil {
            root = done.node
        } else {
            throw fail("a second root element")
        }
    }

    func resolve(_ qualified: ArraySlice<UInt8>, scope: [String: String]) throws(XMLReader.Failure) -> (String, String) {
        let text = String(decoding: qualified, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return (scope[""] ?? "", text) }
        let prefix = String(text[..<colon])
        guard let namespace = scope[prefix] else { throw fail("an undeclared namespace prefix") }
        return (namespace, String(text[text.index(after: colon)...]))
    }

    /// Character data with its entity references replaced.
    static func decoded(_ raw: ArraySlice<UInt8>, at offset: Int) throws(XMLReader.Failure) -> [UInt8] {
        guard raw.contains(UInt8(ascii: "&")) else { return Array(raw) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            guard raw[i] == UInt8(ascii: "&") else {
                out.append(raw[i])
                i += 1
                continue
            }
            guard let semicolon = raw[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw XMLReader.Failure(reason: "an unterminated entity", offset: i)
            }
            let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            guard let scalar = entityScalar(entity) else {
                throw XMLReader.Failure(reason: "an unknown entity", offset: i)
            }
            out += Array(String(Character(scalar)).utf8)
            i = semicolon + 1
        }
        return out
    }

    static func entityScalar(_ entity: String) -> Unicode.Scalar? {
        switch entity {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let value: UInt32?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                value = UInt32(entity.dropFirst(2), radix: 16)
            } else if entity.hasPrefix("#") {
                value = UInt32(entity.dropFirst(), radix: 10)
            } else {
                value = nil
            }
            guard let value, value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
    }
}
