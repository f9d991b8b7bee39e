/// What a list screen shows, as sets: To do and Done. Order is compared between the stores.
struct ModelRows: Equatable, CustomStringConvertible {
    var toDo: Set<Int>
    var done: Set<Int>

    init(_ items: [ModelItem]) {
        toDo = Set(items.filter { !$0.done }.map(\.id))
        done = Set(items.filter(\.done).map(\.id))
    }

    init(toDo: Set<Int>, done: Set<Int>) {
        self.toDo = toDo
        self.done = done
    }

    var description: String { "To do \(toDo.sorted()), Done \(done.sorted())" }
}
