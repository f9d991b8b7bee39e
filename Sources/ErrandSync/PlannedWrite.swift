import ErrandDomain

/// One write about to be sent, with the entry and item version it was made from.
struct PlannedWrite {
    var entry: SyncEntry
    var item: TodoItem?
    var write: RemoteWrite
}
