import ErrandFiles

/// A `--store` path whose folder does not exist is most likely mistyped: opening it would make
/// a new, empty store and say `nothing here`, as if the list were gone (issue 40). It is
/// refused unless `--create` says to make it; the default store is made on first use.
extension LaunchConfiguration {
    /// The line refusing the store, or nil when it may be opened (or made).
    public var storeFolderRefusal: String? {
        guard let typed = options.store, !options.create else { return nil }
        let folder = PathText.folder(of: typed)
        guard !folder.isEmpty, FileKind(path: folder) == nil else { return nil }
        return "no store at \(typed): its folder \(folder) does not exist (errand --store \(typed) --create makes one)"
    }
}
