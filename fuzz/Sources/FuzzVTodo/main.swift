import ErrandCalendarWire
import ErrandDomain
import ErrandICal
import ErrandStorage
import Foundation

/// Any bytes as an .ics file: read (bounds, then libical), written back, read again; and the
/// wire errand and errand-ical speak, both ways.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    let reader = VTodoReader(zoneName: "Europe/Paris", now: Date(timeIntervalSince1970: 1_796_000_000))
    if let batch = try? reader.read(String(decoding: data, as: UTF8.self), newID: UUID.init),
       let text = VTodoWriter(zoneName: "Europe/Paris").calendar(batch.items) {
        _ = try? reader.read(text, newID: UUID.init)
        _ = try? CalendarWire.decode(CalendarWire.encode(batch), newID: UUID.init)
    }
    _ = try? CalendarWire.decode(data, newID: UUID.init)
    return 0
}
