/// The repeat rules the model follows: README's `--every day|week`, whose check makes the
/// next occurrence "its due day moved on by whole steps, at least one, until it is after today".
enum ModelRepeat: String, CaseIterable {
    case day, week

    var days: Int { self == .day ? 1 : 7 }

    /// The next occurrence's day after a check on `today`.
    func next(after due: Int, today: Int) -> Int {
        var day = due + days
        while day <= today { day += days }
        return day
    }

    /// The days of the occurrences checks will make, from `from` through `last`: after the
    /// open day and after today (README: a repeating item is on each day it will be due).
    func later(after due: Int, today: Int, from: Int, through last: Int) -> [Int] {
        var found: [Int] = []
        var day = due + days
        while day <= last {
            if day > today, day >= from { found.append(day) }
            day += days
        }
        return found
    }
}
