import ErrandDAVWire
import ErrandSync

/// Any bytes as a server's WebDAV reply (the bounded XML reader, then the multistatus reading
/// and the member paths), and as the framing errand-fetch --dav answers with.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Array(UnsafeRawBufferPointer(start: bytes, count: count))
    if let status = try? Multistatus.read(data), let path = try? CalDAVPath("http://127.0.0.1:1/dav/tasks/") {
        for entry in status.entries {
            _ = path.member(entry.href)
            _ = entry.etag
            _ = entry.calendarData
        }
    }
    var source = ArraySource(data)
    while let frame = try? DAVWire.read(from: &source, maxBody: 1 << 20) {
        if case .reply(let id, let reply) = frame { _ = DAVWire.encode(reply, id: id) }
    }
    return 0
}
