import ErrandDomain

/// Subtasks as the shell reads them: a parent's children and their count (through SQLite's
/// item_parent), a page of them with their own counts, and a whole subtree
/// (ItemRecords.descendants), each in one read.
extension ItemStore {
    public func children(of uid: String) throws -> [TodoItem] {
        try readRecords { try $0.children(of: uid) }
    }

    public func childCount(of uid: String) throws -> ChildCount {
        try readRecords { try $0.childCount(of: uid) }
    }

    /// Each UID's children counted, in one read (a UID with none may be left out).
    public func childCounts(of uids: [String]) throws -> [String: ChildCount] {
        try readRecords { try $0.childCounts(of: uids) }
    }

    /// A page of the item's subtasks, each with its own counted, in one read (a parent's detail).
    public func subtasks(of item: TodoItem, offset: Int, limit: Int) throws -> [CountedChild] {
        try readRecords { try $0.children(of: item, offset: offset, limit: limit) }
    }

    /// How many subtasks the item has (itself aside, when it is its own parent).
    public func subtaskCount(of item: TodoItem) throws -> Int {
        try childCount(of: item.uid).total - (item.parent == item.uid ? 1 : 0)
    }

    /// Every item under `item`, nearest first, each once, a cycle walked once.
    public func descendants(of item: TodoItem) throws -> [TodoItem] {
        try readRecords { try $0.descendants(of: item) }
    }

    /// Every item under any of `items`, each once, none of `items` among them: what swiping
    /// or moving them takes along.
    public func descendants(of items: [TodoItem]) throws -> [TodoItem] {
        var ids = Set(items.map(\.id))
        var found: [TodoItem] = []
        for item in items {
            for below in try descendants(of: item) where ids.insert(below.id).inserted { found.append(below) }
        }
        return found
    }
}
