extension Repeat {
    /// The due days of the occurrences to come of an item due `due` that are in `window`, as
    /// checking it will make them: after today (a check skips the days missed) and after its
    /// own day. Empty for a rule counted from the check (`after done`: the days depend on when
    /// it is checked) and for a rich rule (libical's: CalendarHelper.occurrenceDays).
    public func days(after due: DueDay, today: DueDay, in window: ClosedRange<DueDay>) -> [DueDay] {
        guard rule == nil, !afterDone else { return [] }
        let floor = max(due, today, window.lowerBound.adding(days: -1))
        var found: [DueDay] = []
        // Straight to the step before the window for days and weeks: an item ten years
        // overdue is not walked a day at a time.
        var n = 1
        if unit == .day || unit == .week {
            let length = count * (unit == .week ? 7 : 1)
            n = max(1, (floor.dayNumber - due.dayNumber) / length)
        }
        // A month of weekdays or a year of months is a few dozen steps; the bound is for a
        // window Errand never asks for.
        for _ in 0..<10_000 {
            let day = step(due, by: n)
            guard day <= window.upperBound else { break }
            if day > floor { found.append(day) }
            n += 1
        }
        return found
    }
}
