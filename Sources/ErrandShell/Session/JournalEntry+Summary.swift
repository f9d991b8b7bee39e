import ErrandDomain

extension JournalEntry {
    /// What the change was, in the words undo uses: `check of "Dentist" (Wed Dec 2)`,
    /// `swipe of 3 items`.
    func summary(_ labeler: DayLabeler) -> String {
        // An import acts on every item it added or updated, not only those it found.
        let items = command == "import" ? changes.compactMap { $0.after ?? $0.before } : subjects
        guard items.count == 1, let item = items.first else { return "\(command) of \(Plural.items(items.count))" }
        return "\(command) of \"\(item.title)\" (\(labeler.label(item.due)))"
    }
}
