/// The session's undo history: the newest `depth` changes. A persistent list (shared nodes),
/// because the session is a value copied for every command: with an array, each `create` of
/// a long script copied 100 entries (a tenth of its cost, callgrind). Pushing and popping are
/// O(1); nodes past the depth are dropped in one pass every `depth` pushes.
public struct UndoStack: Equatable, Sendable, ExpressibleByArrayLiteral {
    final class Node: Sendable {
        let entry: UndoEntry
        let next: Node?
        init(_ entry: UndoEntry, _ next: Node?) {
            self.entry = entry
            self.next = next
        }
    }

    public let depth: Int
    private var head: Node?
    /// Entries reachable by undo (at most `depth`).
    public private(set) var count = 0
    /// Nodes in the list, counting those past the depth that are not yet dropped.
    private var stored = 0

    public init(depth: Int = 100) {
        self.depth = max(depth, 1)
    }

    public init(arrayLiteral elements: UndoEntry...) {
        self.init()
        for element in elements { append(element) }
    }

    public var last: UndoEntry? { count > 0 ? head?.entry : nil }
    public var isEmpty: Bool { count == 0 }

    public mutating func append(_ entry: UndoEntry) {
        head = Node(entry, head)
        count = min(count + 1, depth)
        stored += 1
        if stored >= 2 * depth { dropUnreachable() }
    }

    public mutating func removeLast() {
        guard count > 0 else { return }
        head = head?.next
        count -= 1
        stored -= 1
    }

    /// Newest first.
    public var entries: [UndoEntry] {
        var result: [UndoEntry] = []
        var node = head
        while let current = node, result.count < count {
            result.append(current.entry)
            node = current.next
        }
        return result
    }

    private mutating func dropUnreachable() {
        var rebuilt: Node?
        for entry in entries.reversed() { rebuilt = Node(entry, rebuilt) }
        head = rebuilt
        stored = count
    }

    public static func == (a: UndoStack, b: UndoStack) -> Bool {
        a.count == b.count && a.entries == b.entries
    }
}
