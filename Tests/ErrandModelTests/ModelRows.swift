/// What a list screen shows, as sets: To do and Done, and of those the started, the
/// cancelled and each one's progress. Order is compared between the stores.
struct ModelRows: Equatable, CustomStringConvertible {
    var toDo: Set<Int>
    var done: Set<Int>
    var started: Set<Int> = []
    var cancelled: Set<Int> = []
    var progress: [Int: Int] = [:]

    init(_ items: [ModelItem]) {
        toDo = Set(items.filter { !$0.done }.map(\.id))
        done = Set(items.filter(\.done).map(\.id))
        started = Set(items.filter(\.started).map(\.id))
        cancelled = Set(items.filter(\.cancelled).map(\.id))
        progress = Dictionary(items.compactMap { item in item.progress.map { (item.id, $0) } }) { a, _ in a }
    }

    init(toDo: Set<Int>, done: Set<Int>, started: Set<Int>, cancelled: Set<Int>, progress: [Int: Int]) {
        self.toDo = toDo
        self.done = done
        self.started = started
        self.cancelled = cancelled
        self.progress = progress
    }

    var description: String {
        "To do \(toDo.sorted()), Done \(done.sorted()), started \(started.sorted()), cancelled \(cancelled.sorted()), "
            + "progress \(progress.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })"
    }
}
