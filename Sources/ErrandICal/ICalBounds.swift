/// Bounds checked on the raw text before libical sees it: libical builds the whole tree in
/// memory, so a hostile file (10,000 nested components, a property of hundreds of megabytes)
/// is refused here, in one pass over the bytes, without being parsed. This reads only line
/// structure (`BEGIN:`/`END:` at a line start, continuation lines), never a property's value.
public struct ICalBounds: Sendable {
    /// Real calendars nest three deep (VCALENDAR, VTODO, VALARM; VTIMEZONE, STANDARD).
    public var maxDepth = 8
    /// Components in all: 10,000 to-dos and their alarms fit many times over.
    public var maxComponents = 500_000
    /// A property as unfolded; Errand keeps at most 10,000 characters of notes.
    public var maxPropertyBytes = 1 << 20

    public init() {}

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICalError) {
        var depth = 0, components = 0, line = 1, property = 0, sawCalendar = false
        var index = 0
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            var end = index
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let length = end - start
            if length > 0, bytes[start] == 0x20 || bytes[start] == 0x09 {
                property += length - 1
            } else {
                property = length
                if hasPrefix(bytes, start, end, "BEGIN:") {
                    depth += 1
                    components += 1
                    if hasPrefix(bytes, start, end, "BEGIN:VCALENDAR") { sawCalendar = true }
                    guard depth <= maxDepth else { throw .tooDeep(line: line, limit: maxDepth) }
                    guard components <= maxComponents else { throw .tooManyComponents(limit: maxComponents) }
                } else if hasPrefix(bytes, start, end, "END:") {
                    depth = max(0, depth - 1)
                }
            }
            guard property <= maxPropertyBytes else { throw .propertyTooLong(line: line, limit: maxPropertyBytes) }
            index += 1
            line += 1
        }
        guard sawCalendar else { throw .notICalendar }
    }

    /// Names are case-insensitive in iCalendar.
    private func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ prefix: StaticString) -> Bool {
        guard end - start >= prefix.utf8CodeUnitCount else { return false }
        for i in 0..<prefix.utf8CodeUnitCount {
            let byte = bytes[start + i]
            let upper = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
            if upper != prefix.utf8Start[i] { return false }
        }
        return true
    }
}
