/// How the tokenizer gathers a word from the units it scans: Characters into a String, or the
/// bytes of an all-ASCII line into a byte array (no grapheme breaking: several times faster).
protocol TokenBuffer {
    associatedtype Unit: Equatable
    static var space: Unit { get }
    static var tab: Unit { get }
    static var doubleQuote: Unit { get }
    static var singleQuote: Unit { get }
    static var backslash: Unit { get }
    static var equals: Unit { get }
    /// A letter or digit: a single quote before one is an apostrophe, not a closing quote.
    static func isWordUnit(_ unit: Unit) -> Bool
    static func character(_ unit: Unit) -> Character
    init()
    mutating func append(_ unit: Unit)
    mutating func removeAll(keepingCapacity: Bool)
    var text: String { get }
}

extension String: TokenBuffer {
    static var space: Character { " " }
    static var tab: Character { "\t" }
    static var doubleQuote: Character { "\"" }
    static var singleQuote: Character { "'" }
    static var backslash: Character { "\\" }
    static var equals: Character { "=" }
    static func isWordUnit(_ unit: Character) -> Bool { unit.isLetter || unit.isNumber }
    static func character(_ unit: Character) -> Character { unit }
    var text: String { self }
}

extension Array: TokenBuffer where Element == UInt8 {
    static var space: UInt8 { UInt8(ascii: " ") }
    static var tab: UInt8 { UInt8(ascii: "\t") }
    static var doubleQuote: UInt8 { UInt8(ascii: "\"") }
    static var singleQuote: UInt8 { UInt8(ascii: "'") }
    static var backslash: UInt8 { UInt8(ascii: "\\") }
    static var equals: UInt8 { UInt8(ascii: "=") }
    static func isWordUnit(_ unit: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(unit | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(unit)
    }
    static func character(_ unit: UInt8) -> Character { Character(Unicode.Scalar(unit)) }
    var text: String { String(decoding: self, as: UTF8.self) }
}

extension TokenBuffer {
    /// What a backslash outside quotes escapes; before anything else it is kept as typed.
    static func escapable(_ unit: Unit) -> Bool {
        unit == space || unit == tab || unit == doubleQuote || unit == singleQuote || unit == backslash
    }
}
