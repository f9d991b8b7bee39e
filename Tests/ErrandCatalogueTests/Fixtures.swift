import ErrandStorage
import Foundation

/// Where test data lives: the project's own sample catalogue, and the real paperclip payload
/// beside the project (present in CI; tests that need it are skipped without it).
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static var sample: URL { root.appendingPathComponent("examples/catalogue") }
    static var paperclip: URL { root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/paperclip") }
    static var hasPaperclip: Bool { FileManager.default.fileExists(atPath: paperclip.appendingPathComponent("listing.json").path) }

    static func data(_ url: URL, _ name: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(name))
    }

    /// A new, empty store of that backend in a folder of its own.
    static func temporaryStore(_ backend: StoreBackend) throws -> ErrandStore {
        let path = NSTemporaryDirectory() + "errand-cat-" + UUID().uuidString + "/store." + backend.rawValue
        return try StoreOpener.open(path: path, backend: backend)
    }
}
