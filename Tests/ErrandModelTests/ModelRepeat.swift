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
}
