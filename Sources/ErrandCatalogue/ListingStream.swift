import ErrandDomain
import ErrandHelpers
import ErrandStorage

/// Reads `listing.json` as its bytes arrive, an ad at a time, so that a sync never holds the
/// document (95 MB for 100,000 ads) nor its ads: each ad is checked and handed on as soon as
/// its closing brace is seen. JSONValueEnd finds where each element of the top-level array
/// ends (depth, strings, escapes); JSONCursor then reads the element strictly, with the same
/// checks and messages as a whole document had.
struct ListingStream {
    private enum State {
        case start, beforeElement(first: Bool), inElement, afterElement, done
    }

    static let document = "listing.json"

    private var state = State.start
    private var checker: AdChecker
    /// The bytes of an element that began in an earlier chunk.
    private var pending: [UInt8] = []
    private var element = JSONValueEnd()
    /// Bytes of the document before the current chunk, and where the current element began.
    private var consumed = 0
    private var elementStart = 0
    private let deliver: (Ad) throws -> Void

    init(categories: [AdCategory], deliver: @escaping (Ad) throws -> Void) {
        checker = AdChecker(categories: categories)
        self.deliver = deliver
    }

    var count: Int { checker.count }

    mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var i = 0
        while i < bytes.count {
            switch state {
            case .inElement:
                i = try scanElement(bytes, from: i)
            default:
                let byte = bytes[i]
                i += 1
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                try punctuation(byte, at: consumed + i - 1)
                // An element that begins on a piece's last byte is kept from its `{`.
                if case .inElement = state { i = try scanElement(bytes, from: i) }
            }
        }
        consumed += bytes.count
    }

    /// The document has ended: it must have been a whole array.
    func finish() throws(CatalogueError) {
        guard case .done = state else {
            throw .malformed(document: Self.document, reason: "unexpected end of the document at byte \(consumed)")
        }
    }

    /// Outside elements: the array's brackets and commas, and what an element begins with.
    private mutating func punctuation(_ byte: UInt8, at position: Int) throws(CatalogueError) {
        switch state {
        case .start:
            guard byte == UInt8(ascii: "[") else {
                if byte == UInt8(ascii: "{") || Self.beginsValue(byte) {
                    throw .invalid(document: Self.document, reason: "the document has the wrong type (expected an array)")
                }
                throw malformed("unexpected character", at: position)
            }
            state = .beforeElement(first: true)
        case let .beforeElement(first):
            if byte == UInt8(ascii: "]"), first {
                state = .done
            } else if byte == UInt8(ascii: "{") {
                state = .inElement
                elementStart = position
                element.begin()
            } else if Self.beginsValue(byte) {
                throw .invalid(document: Self.document,
                               reason: "ad \(checker.count + 1) has the wrong type (expected an object)")
            } else {
                throw malformed("expected a value", at: position)
            }
        case .afterElement:
            if byte == UInt8(ascii: ",") {
                state = .beforeElement(first: false)
            } else if byte == UInt8(ascii: "]") {
                state = .done
            } else {
                throw malformed("expected ',' or ']'", at: position)
            }
        case .done:
            throw malformed("unexpected text after the document", at: position)
        case .inElement:
            break
        }
    }

    /// Walks an element's bytes from `start` to its closing brace or the chunk's end; reads the
    /// element when it is whole. Returns where scanning stopped.
    private mutating func scanElement(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int {
        // The element's `{` is behind `start`, counted already.
        if let end = element.end(in: bytes, from: start) {
            try complete(bytes, end: end)
            return end
        }
        let from = max(0, elementStart - consumed)
        pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<bytes.count]))
        return bytes.count
    }

    /// The element ending at `end` (exclusive) in this chunk is whole: read, check, deliver.
    private mutating func complete(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) throws {
        state = .afterElement
        let ad: Ad
        if pending.isEmpty {
            let from = elementStart - consumed
            ad = try checker.read(UnsafeBufferPointer(rebasing: bytes[from..<end]), base: elementStart)
        } else {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<end]))
            defer { pending.removeAll(keepingCapacity: pending.count <= 1 << 20) }
            ad = try pending.withUnsafeBufferPointer { whole throws -> Ad in
                try checker.read(whole, base: elementStart)
            }
        }
        try deliver(ad)
    }

    private func malformed(_ what: String, at position: Int) -> CatalogueError {
        .malformed(document: Self.document, reason: "\(what) at byte \(position)")
    }

    /// A byte a JSON value other than an object may begin with.
    static func beginsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"),
             UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }
}
