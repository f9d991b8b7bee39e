import ErrandDomain

extension JournalEntry {
    /// What the change was, in the words undo uses: `check of "Dentist" (Wed Dec 2)`,
    /// `swipe of 3 items`.
    func summary(_ labeler: DayLabeler) -> String {
        if isIrreversible { return command }
        // Counted, not gathered: an undone import of 250,000 items copied every one to say so.
        let tally = self.tally
        if tally.touched == 0, let search = searches.first { return "\(command) of saved search \"\(search.name)\"" }
        // An import acts on every item it added or updated, not only those it found.
        let (count, first) = command == "import" ? (tally.touched, tally.firstTouched) : tally.subjects
        guard count == 1, let item = first else { return "\(command) of \(Plural.items(count))" }
        // The day it is listed on: a start-only item's start, not "No date".
        return "\(command) of \"\(item.title)\" (\(labeler.label(item.listDay)))"
    }
}
