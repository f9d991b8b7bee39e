/// A parent's children counted (ItemRecords.childCount): what a list shows as `2/5` (done of
/// all) beside a parent whose children it does not show.
public struct ChildCount: Equatable, Sendable {
    public var done = 0
    public var total = 0

    public init(done: Int = 0, total: Int = 0) {
        self.done = done
        self.total = total
    }

    public var open: Int { total - done }
}
