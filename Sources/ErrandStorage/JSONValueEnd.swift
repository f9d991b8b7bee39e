/// Finds where a JSON object or array ends in bytes that arrive a piece at a time: brackets
/// counted, strings and their escapes followed so that a bracket inside a title is not taken
/// for structure, and the count carried from one piece to the next. Nothing else is checked:
/// the value's bytes go to a reader that checks them (ListingStream's AdChecker, the journal's
/// JSONDecoder). JSONSlices cuts a whole document held at once.
package struct JSONValueEnd {
    private var depth = 0
    private var inString = false
    private var escaped = false

    package init() {}

    /// A value begins with its opening bracket, already read.
    package mutating func begin() {
        depth = 1
        inString = false
        escaped = false
    }

    /// Scans `bytes` from `start` for the bracket that closes the value: the index just past it,
    /// or nil when the piece ends first (the next piece goes on from where this one stopped).
    package mutating func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }
}
