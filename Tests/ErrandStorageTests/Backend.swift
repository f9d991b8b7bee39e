import ErrandStorage

/// The two backends every contract test runs against: the product's own list, so a third
/// backend joins every contract suite by joining `StoreBackend`.
typealias Backend = StoreBackend

extension StoreBackend {
    var fileName: String { "store." + rawValue }

    func open(_ dir: TemporaryDirectory) throws -> ErrandStore {
        try StoreOpener.open(path: dir.file(fileName), backend: self)
    }
}
