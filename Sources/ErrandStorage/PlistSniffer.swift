import FoundationEssentials

/// Tells XML and binary property lists from anything else before Foundation parses them:
/// given other text, Foundation falls back to the old OpenStep parser, which logs its
/// complaints straight to stderr — a second, unasked-for line under our own error.
enum PlistSniffer {
    static func isXMLOrBinary(_ data: Data) -> Bool {
        if data.starts(with: Array("bplist".utf8)) { return true }
        var body = data[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let start = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return start.starts(with: Array("<?xml".utf8)) || start.starts(with: Array("<!DOCTYPE".utf8))
            || start.starts(with: Array("<plist".utf8))
    }
}
