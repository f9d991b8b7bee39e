import ErrandDomain
import FoundationEssentials

/// CalendarWire read as it arrives: each item is handed over once the next record (or the end)
/// shows it complete, so a helper's reply of 500,000 items is never whole in memory, nor are
/// the items made of it.
public struct CalendarWireStream {
    /// The skipped kinds read so far (they come before the items).
    public private(set) var skipped: [CalendarWire.Skipped] = []
    private var pending: [UInt8] = []
    private var fields: [String: String]?

    public init() {}

    /// Reads the complete records in `bytes` (with what an earlier call left over).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, newID: () -> UUID, _ body: (TodoItem) throws -> Void) throws {
        pending.append(contentsOf: bytes)
        try read(complete: false, newID: newID, body)
    }

    /// The end of the records: the last item handed over, or `Malformed` for a record cut off.
    public mutating func finish(newID: () -> UUID, _ body: (TodoItem) throws -> Void) throws {
        try read(complete: true, newID: newID, body)
        if let current = fields { try body(try CalendarWire.item(current, id: newID())) }
        fields = nil
    }

    private mutating func read(complete: Bool, newID: () -> UUID, _ body: (TodoItem) throws -> Void) throws {
        var used = 0
        do {
            var reader = CalendarWire.FieldWalker(bytes: pending, complete: complete)
            try records(&reader, newID: newID, body)
            used = reader.position
        }
        // The reader's reference gone, the bytes are removed in place rather than copied.
        pending.removeFirst(used)
    }

    /// The records `reader` has whole, fed in order.
    mutating func records(_ reader: inout CalendarWire.FieldWalker, newID: () -> UUID,
                          _ body: (TodoItem) throws -> Void) throws {
        while let (key, value) = try reader.next() {
            switch key {
            case "item":
                if let current = fields { try body(try CalendarWire.item(current, id: newID())) }
                fields = [:]
            case "skipped":
                let parts = value.split(separator: " ")
                guard parts.count == 2, let count = Int(parts[1]), count >= 0 else {
                    throw CalendarWire.Malformed(description: "skipped")
                }
                skipped.append(CalendarWire.Skipped(kind: String(parts[0]), count: count))
            default:
                guard fields != nil else { throw CalendarWire.Malformed(description: "\(key) outside an item") }
                fields?[key] = value
            }
        }
    }
}
