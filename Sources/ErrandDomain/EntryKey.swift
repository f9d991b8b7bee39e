/// The book's notion of "the same item": what the user typed (title, notes, due day, place),
/// not its identity or state. Hashable, so the equal-item rule is one lookup instead of a scan
/// of every open item.
struct EntryKey: Hashable {
    let title: String
    let notes: String?
    let due: DueDay
    let location: Location?

    init(_ item: TodoItem) {
        title = item.title
        notes = item.notes
        due = item.due
        location = item.location
    }
}
