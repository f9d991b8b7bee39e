/// One of a parent's children with its own children counted (ItemRecords.children(of:offset:limit:)):
/// a row of a parent's detail, which shows `2/5` beside a subtask that has subtasks of its own.
public struct CountedChild: Equatable, Sendable {
    public var item: TodoItem
    public var count: ChildCount

    public init(item: TodoItem, count: ChildCount) {
        self.item = item
        self.count = count
    }
}
