import ErrandFiles

extension StoreError {
    /// A file step's failure, as a store's: the file named, nothing changed.
    init(_ failure: FileFailure) {
        self = .io(path: failure.path, reason: failure.reason)
    }
}
