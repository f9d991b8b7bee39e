import ErrandDomain

/// The remote as commands see it (callable on an `ErrandStore` existential).
extension ItemStore {
    public func syncRemote() throws -> SyncRemote? {
        try readRecords { try $0.syncRemote() }
    }

    /// Names the collection to sync with; another URL than the known one starts over (the
    /// entries describe the old collection). nil forgets the remote; the items stay.
    public func setSyncRemote(url: String?) throws {
        try changeItems { records in
            if let url, let known = try records.syncRemote(), known.url == url { return }
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
}
