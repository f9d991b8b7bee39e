import FoundationEssentials

/// A subtree read from the records: what checking or swiping a parent takes with it.
extension ItemRecords {
    /// One `childCount` after the other: what records held in memory (ItemManager) need.
    public func childCounts(of uids: [String]) throws -> [String: ChildCount] {
        var counts: [String: ChildCount] = [:]
        for uid in uids where counts[uid] == nil { counts[uid] = try childCount(of: uid) }
        return counts
    }

    /// Every item under `item` (its children, theirs, ...), nearest first, each once. Walked
    /// with a queue and a set of the UIDs seen, not by recursion: a chain 100,000 deep costs no
    /// stack, and a cycle (a parent that is its own child, A under B under A) ends where it
    /// comes back, with `item` itself never among its descendants.
    public func descendants(of item: TodoItem) throws -> [TodoItem] {
        var seen: Set<String> = [item.uid]
        var ids: Set<UUID> = [item.id]
        var found: [TodoItem] = []
        var next = 0
        var parent = item.uid
        while true {
            for child in try children(of: parent) where ids.insert(child.id).inserted {
                found.append(child)
            }
            // The next parent not walked yet (two items may share a UID: walked once).
            var walked = false
            while next < found.count {
                let candidate = found[next].uid
                next += 1
                if seen.insert(candidate).inserted {
                    parent = candidate
                    walked = true
                    break
                }
            }
            guard walked else { return found }
        }
    }
}
