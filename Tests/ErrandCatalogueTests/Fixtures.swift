import ErrandStorage
import Foundation
import Testing

/// Where test data lives: the project's own sample catalogue, and the real paperclip payload
/// beside the project (present in CI; tests that need it show as skipped without it, with
/// `.enabled(if: Fixtures.available, Fixtures.missing)`).
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static var sample: URL { root.appendingPathComponent("examples/catalogue") }
    static var paperclip: URL { root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/paperclip") }
    static var available: Bool { FileManager.default.fileExists(atPath: paperclip.appendingPathComponent("listing.json").path) }
    static var missing: Comment {
        "needs the real paperclip payload in \(paperclip.path) (../shared beside the checkout)"
    }

    static func data(_ url: URL, _ name: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(name))
    }

    /// A new, empty store of that backend in a folder of its own.
    static func temporaryStore(_ backend: StoreBackend) throws -> ErrandStore {
        let path = NSTemporaryDirectory() + "errand-cat-" + UUID().uuidString + "/store." + backend.rawValue
        return try StoreOpener.open(path: path, backend: backend)
    }
}
