/// The View tab: seven counts of open items from today, then those overdue and those undated.
struct ModelWeek: Equatable, CustomStringConvertible {
    var counts: [Int]
    var overdue: Int
    var undated: Int

    var description: String { "days \(counts) overdue \(overdue) undated \(undated)" }
}
