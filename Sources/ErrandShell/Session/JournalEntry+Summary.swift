import ErrandDomain

extension JournalEntry {
    /// What the change was, in the words undo uses: `check of "Dentist" (Wed Dec 2)`,
    /// `swipe of 3 items`.
    func summary(_ labeler: DayLabeler) -> String {
        if changes.isEmpty, let search = searches.first { return "\(command) of saved search \"\(search.name)\"" }
        if isIrreversible { return command }
        // An import acts on every item it added or updated, not only those it found.
        // Counted, not gathered: an undone import of 250,000 items copied every one to say so.
        let (count, first) = command == "import"
            ? (changes.count { $0.after ?? $0.before != nil }, changes.lazy.compactMap { $0.after ?? $0.before }.first)
            : (subjectCount, subjects.first)
        guard count == 1, let item = first else { return "\(command) of \(Plural.items(count))" }
        // The day it is listed on: a start-only item's start, not "No date".
        return "\(command) of \"\(item.title)\" (\(labeler.label(item.listDay)))"
    }
}
