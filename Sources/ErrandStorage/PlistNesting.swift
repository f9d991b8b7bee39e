import FoundationEssentials

/// Bounds how deeply an XML property list nests before Foundation parses it: its XML parser
/// recurses once per <array> or <dict>, and 10,000 levels (150 KB) overflowed the stack
/// (SIGSEGV), where 5,000 still gave a clean error. This scan keeps a counter, not a stack.
///
/// Binary property lists need no scan: PropertyListDecoder reads their objects lazily, one
/// reference at a time, as deep as the type being decoded asks, and every type decoded from
/// one here is a fixed, shallow shape (DamagedStoreTests holds a 100,000-deep and a
/// self-referencing binary plist to that).
enum PlistNesting {
    /// An Errand store nests under 10 deep and the original apps' files 3; a file past this
    /// is not one, and the parser is far from its stack's end here.
    static let limit = 64

    /// False when an XML property list opens more than `limit` arrays or dictionaries inside
    /// one another. Errs towards counting too deep: an opening tag in any letter case counts,
    /// only the exact closing tags the parser accepts uncount.
    static func isWithinLimit(_ data: Data) -> Bool {
        if data.starts(with: Array("bplist".utf8)) { return true }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var scanner = Scanner(bytes: bytes)
            return scanner.deepest() <= limit
        }
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        var depth = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The deepest nesting seen, stopping as soon as it passes `limit`.
        mutating func deepest() -> Int {
            var deepest = 0
            while let open = find([UInt8(ascii: "<")], from: position) {
                position = open + 1
                if startsHere("!--") {
                    guard skip(past: "-->") else { break }
                } else if startsHere("![CDATA[") {
                    guard skip(past: "]]>") else { break }
                } else if startsHere("?") {
                    guard skip(past: "?>") else { break }
                } else if startsHere("!") {
                    guard skip(past: ">") else { break }
                } else if startsHere("/") {
                    if startsHere("/array>") || startsHere("/dict>") { depth = max(0, depth - 1) }
                    guard skip(past: ">") else { break }
                } else {
                    let opensContainer = startsHereIgnoringCase("array") || startsHereIgnoringCase("dict")
                    guard let end = tagEnd() else { break }
                    let selfClosing = end > position && bytes[end - 1] == UInt8(ascii: "/")
                    position = end + 1
                    if opensContainer, !selfClosing {
                        depth += 1
                        deepest = max(deepest, depth)
                        if deepest > PlistNesting.limit { return deepest }
                    }
                }
            }
            return deepest
        }

        private func startsHere(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
            guard bytes.count - position >= pattern.count else { return false }
            return zip(pattern, bytes[position...]).allSatisfy { $0 == $1 }
        }

        /// The name must end there too: <dictionary> is no <dict>.
        private func startsHereIgnoringCase(_ name: String) -> Bool {
            let pattern = Array(name.utf8)
            guard bytes.count - position > pattern.count else { return false }
            let matches = zip(pattern, bytes[position...]).allSatisfy { $0 == $1 | 0x20 }
            let after = bytes[position + pattern.count]
            return matches && (after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after <= 0x20)
        }

        private func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard let first = pattern.first, start < bytes.count else { return nil }
            var index = start
            while index <= bytes.count - pattern.count {
                if bytes[index] == first, zip(pattern, bytes[index...]).allSatisfy({ $0 == $1 }) { return index }
                index += 1
            }
            return nil
        }

        private mutating func skip(past text: String) -> Bool {
            guard let found = find(Array(text.utf8), from: position) else { return false }
            position = found + text.utf8.count
            return true
        }

        /// The `>` that ends the tag opened here, past any quoted attribute value.
        private func tagEnd() -> Int? {
            var index = position
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
}
