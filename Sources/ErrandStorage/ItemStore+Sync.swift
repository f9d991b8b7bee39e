import ErrandDomain

/// The remote as commands see it (callable on an `ErrandStore` existential).
extension ItemStore {
    public func syncRemote() throws -> SyncRemote? {
        try readRecords { try $0.syncRemote() }
    }

    public func syncLists() throws -> [SyncList] {
        try readRecords { try $0.syncLists() }
    }

    /// Names the collection to sync with; another URL than the known one starts over (the
    /// entries describe the old collection). nil forgets the remote and the lists syncing
    /// with collections of their own; the items stay.
    public func setSyncRemote(url: String?) throws {
        try changeItems { records in
            if let url, let known = try records.syncRemote(), known.url == url { return }
            if url == nil { for list in try records.syncLists() { try records.removeSyncList(key: list.key) } }
            try records.setSyncRemote(nil)
            if let url { try records.setSyncRemote(SyncRemote(url: url)) }
        }
    }

    /// Changes the remote's record (its last sync, its last failure) if one is set and `change`
    /// says so; the entries stay. Returns whether a remote was changed.
    @discardableResult
    public func updateSyncRemote(_ change: (inout SyncRemote) -> Bool) throws -> Bool {
        try changeItems { records in
            guard var remote = try records.syncRemote(), change(&remote) else { return false }
            try records.setSyncRemote(remote)
            return true
        }
    }

    /// Makes `list` sync with its own collection, or changes its record; its entries stay.
    public func putSyncList(_ list: SyncList) throws {
        try changeItems { try $0.putSyncList(list) }
    }

    /// Stops syncing the lists `leaving` picks with their collections (their items stay,
    /// kept here); returns them.
    @discardableResult
    public func removeSyncLists(where leaving: (SyncList) -> Bool) throws -> [SyncList] {
        try changeItems { records in
            let gone = try records.syncLists().filter(leaving)
            for list in gone { try records.removeSyncList(key: list.key) }
            return gone
        }
    }
}
