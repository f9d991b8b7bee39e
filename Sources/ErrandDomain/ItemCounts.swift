/// How many items are open and how many are done.
public struct ItemCounts: Equatable, Sendable {
    public var toDo: Int
    public var done: Int

    public init(toDo: Int, done: Int) {
        self.toDo = toDo
        self.done = done
    }

    public var total: Int { toDo + done }
}
