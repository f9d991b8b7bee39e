import ErrandStorage
import Foundation

/// A store in a folder of its own, removed by `remove()`.
struct TemporaryStore {
    let directory = NSTemporaryDirectory() + "errand-launch-" + UUID().uuidString
    let store: ErrandStore

    init() throws {
        store = try StoreOpener.open(path: directory + "/store.sqlite", backend: .sqlite)
    }

    func remove() {
        store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
