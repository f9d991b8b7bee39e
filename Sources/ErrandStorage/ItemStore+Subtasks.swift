import ErrandDomain

/// Subtasks as the shell reads them: a parent's children and their count (through SQLite's
/// item_parent), and a whole subtree (ItemRecords.descendants), each in one read.
extension ItemStore {
    public func children(of uid: String) throws -> [TodoItem] {
        try readRecords { try $0.children(of: uid) }
    }

    public func childCount(of uid: String) throws -> ChildCount {
        try readRecords { try $0.childCount(of: uid) }
    }

    /// Every item under `item`, nearest first, each once, a cycle walked once.
    public func descendants(of item: TodoItem) throws -> [TodoItem] {
        try readRecords { try $0.descendants(of: item) }
    }
}
