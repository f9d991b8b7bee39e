import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// A page of a list arranged as its subtasks' tree: each subtask right under its parent when
/// both are on the page and in the same section, indented a step per level; a parent some of
/// whose children are not under it (done, on another day, filtered out) shows `done/total`.
/// A subtask whose parent is missing, or whose parents form a cycle, is listed at the top level
/// with one warning line. Built from the page alone, with a queue, not recursion: a chain
/// 100,000 deep costs no stack, and each row is visited once.
public struct ListTree: Equatable, Sendable {
    /// The page's rows in tree order.
    public var rows: [TodoItem] = []
    /// Each row's depth (0 at the top level), parallel to `rows`.
    public var depths: [Int] = []
    /// For rows whose children are not all shown under them: how many are done, of how many.
    public var counts: [Int: ChildCount] = [:]
    /// One line about the subtasks listed at the top level because of a missing parent or a cycle.
    public var warning: String?
    /// The rows' items with a conflict `conflicts` has not shown yet: marked `(conflict)`.
    public var conflicted: Set<UUID> = []

    public init() {}

    /// The rows as given, each at the top level (a parent's children under its detail), with
    /// the counts of their own children as the store read them alongside.
    init(flat page: [CountedChild]) {
        rows = page.map(\.item)
        depths = Array(repeating: 0, count: page.count)
        for (row, child) in page.enumerated() where child.count.total > 0 { counts[row] = child.count }
    }

    init(_ page: [TodoItem], store: ErrandStore) throws {
        let counts = try store.childCounts(of: page.map(\.uid))
        try self.init(page, isStored: { try store.item(uid: $0) != nil }, childCount: { counts[$0] ?? ChildCount() })
        conflicted = try store.unseenConflictItemIDs().intersection(page.map(\.id))
    }

    /// `isStored`: whether an item of this UID is stored (a parent not on the page may be);
    /// `childCount`: a UID's children counted, as ItemRecords.childCount counts them.
    init(_ page: [TodoItem], isStored: (String) throws -> Bool, childCount: (String) throws -> ChildCount) throws {
        var indexByUID: [String: Int] = [:]
        for (i, item) in page.enumerated() where indexByUID[item.uid] == nil { indexByUID[item.uid] = i }
        var children: [Int: [Int]] = [:]
        var isChild = [Bool](repeating: false, count: page.count)
        var missing = 0
        for (i, item) in page.enumerated() {
            guard let parent = item.parent else { continue }
            if let p = indexByUID[parent], p != i, page[p].isDone == item.isDone {
                children[p, default: []].append(i)
                isChild[i] = true
            } else if indexByUID[parent] == nil, try !isStored(parent) {
                missing += 1
            }
        }
        var placed = [Bool](repeating: false, count: page.count)
        var order: [(index: Int, depth: Int)] = []
        order.reserveCapacity(page.count)
        func walk(from root: Int) {
            var stack = [(root, 0)]
            while let (index, depth) = stack.popLast() {
                guard !placed[index] else { continue }
                placed[index] = true
                order.append((index, depth))
                for child in (children[index] ?? []).reversed() where !placed[child] { stack.append((child, depth + 1)) }
            }
        }
        for i in page.indices where !isChild[i] { walk(from: i) }
        // What is left hangs from a cycle of parents: each such row starts at the top level.
        var cyclic = 0
        for i in page.indices where !placed[i] {
            cyclic += 1
            walk(from: i)
        }
        cyclic += page.indices.filter { page[$0].parent == page[$0].uid }.count
        rows = order.map { page[$0.index] }
        depths = order.map(\.depth)
        for (row, entry) in order.enumerated() {
            let item = page[entry.index]
            var count = try childCount(item.uid)
            // Itself among its children (its own parent) does not count.
            if item.parent == item.uid {
                count.total -= 1
                if item.isDone { count.done -= 1 }
            }
            let shown = children[entry.index]?.count ?? 0
            if count.total > shown { counts[row] = count }
        }
        var reasons: [String] = []
        if missing > 0 { reasons.append("\(Plural.subtasks(missing)) whose parent is missing") }
        if cyclic > 0 { reasons.append("\(Plural.subtasks(cyclic)) whose parents form a cycle") }
        if !reasons.isEmpty { warning = "listed at the top level: " + reasons.joined(separator: " and ") }
    }

    /// `2/5`: how many of a parent's children are done, of all of them.
    static func mark(_ count: ChildCount) -> String { "\(count.done)/\(count.total)" }
}
