import ErrandDomain

/// `edit N --title T --date D ...`: change an item in place. Its id, created time and place in
/// its section stay; the equal-item rule and stale-row protection apply as for `check`.
struct Edit: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let title = OptionSpec("title", value: "TITLE", help: "a new title")
    static let date = OptionSpec("date", value: "DATE", kind: .date, help: "a new due day, optionally with HH:MM")
    static let time = OptionSpec("time", value: "HH:MM", kind: .time, help: "a new time", conflicts: "no-time")
    static let noTime = OptionSpec("no-time", help: "no time on the day")
    static let place = OptionSpec("at", value: "PLACE", help: "a new place (its old coordinates go unless --coords)",
                                  conflicts: "no-place")
    static let noPlace = OptionSpec("no-place", help: "no place (and no coordinates)")
    static let coords = OptionSpec("coords", value: "LAT,LON", kind: .coordinate, help: "the place's coordinates",
                                   conflicts: "no-coords")
    static let noCoords = OptionSpec("no-coords", help: "keep the place, drop its coordinates")
    static let notes = OptionSpec("notes", value: "TEXT", help: "new notes", conflicts: "no-notes")
    static let noNotes = OptionSpec("no-notes", help: "no notes")
    static let spec = CommandSpec(
        "edit", summary: "change row N in place: title, date, time, place, coordinates, notes",
        details: "The item keeps its id, created time and place in its section; undo reverts the edit.",
        arguments: [row], options: [title, date, time, noTime, place, noPlace, coords, noCoords, notes, noNotes]) {
        Edit(listed: try $0.item(row), values: $0)
    }

    let listed: TodoItem
    let values: ArgumentValues

    func run(_ c: inout CommandContext) throws -> Display {
        guard Edit.spec.options.contains(where: values.has) else {
            throw ShellError.usage("edit: say what to change: " + Edit.spec.options.map(\.flag).joined(separator: ", "))
        }
        let edited = try changed(listed)
        guard edited != listed else { return Display(message: "nothing to change: \"\(listed.title)\" already has these values") }
        let saved = try c.change({ try $0.edit(edited, expecting: listed) }) { session, _ in
            session.undo.append(.changed(before: listed, by: "edit"))
        }
        let due = c.environment.labeler.longLabel(saved.due) + (saved.time.map { " at \($0)" } ?? "")
        return try c.refresh(message: "edited \"\(saved.title)\" (\(due))")
    }

    /// The item with the given fields changed.
    func changed(_ item: TodoItem) throws -> TodoItem {
        var item = item
        if let text = values.text(Edit.title) { item.title = text }
        if let when = values.date(Edit.date) {
            item.due = when.day
            if let time = when.time { item.time = time }
        }
        if let time = values.time(Edit.time) { item.time = time }
        if values.has(Edit.noTime) { item.time = nil }
        if let notes = values.text(Edit.notes) { item.notes = notes }
        if values.has(Edit.noNotes) { item.notes = nil }
        var location = item.location
        if values.has(Edit.noPlace) { location = nil }
        if let name = values.text(Edit.place) { location = Location(name: name) }
        if let coordinate = values.coordinate(Edit.coords) {
            guard let name = location?.name else { throw ShellError.usage("edit: --coords needs a place: add --at PLACE") }
            location = Location(name: name, coordinate: coordinate)
        }
        if values.has(Edit.noCoords), let name = location?.name { location = Location(name: name) }
        item.location = location
        return item
    }
}
