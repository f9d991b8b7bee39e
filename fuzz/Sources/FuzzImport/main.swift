import ErrandDomain
import ErrandStorage
import Foundation

/// Any bytes as a property list handed to import (either app's format).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes, let today = DueDay(year: 2026, month: 11, day: 29) else { return 0 }
    let data = Data(bytes: bytes, count: count)
    if let parsed = try? ItemImporter.parse(data, path: "fuzz.plist", clock: .fixed(today), newID: UUID.init) {
        var manager = ItemManager()
        _ = try? manager.importItems(parsed.items)
    }
    return 0
}
