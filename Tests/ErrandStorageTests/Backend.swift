import ErrandStorage

/// The two backends every contract test runs against.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case plist

    var fileName: String { self == .sqlite ? "store.sqlite" : "store.plist" }
    var testDescription: String { rawValue }

    func open(_ dir: TemporaryDirectory) throws -> ErrandStore {
        try StoreOpener.open(path: dir.file(fileName))
    }
}

import Testing
