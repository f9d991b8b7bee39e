import ErrandDomain
import ErrandHelpers

/// What one `edit` line changes, read once from its checked values when the command is made
/// (or from the form's answers), so `run` reads typed fields, not the parser's values.
struct EditChanges: Equatable, Sendable {
    var title: String?
    var date: DateInputParser.Result?
    var noDate = false
    var time: TimeOfDay?
    var noTime = false
    var place: String?
    var noPlace = false
    var coords: Coordinate?
    var noCoords = false
    var notes: String?
    var noNotes = false
    var repeats = RepeatRequest()
    var noRepeat = false
    var noGeocode = false
    var fields = FieldChanges()
    /// `--under M`: the listed item it becomes a subtask of; `--top-level`: none.
    var under: TodoItem?
    var topLevel = false

    init() {}

    init(_ values: ArgumentValues) {
        title = values.text(Edit.title)
        date = values.date(Edit.date)
        noDate = values.has(Edit.noDate)
        time = values.time(Edit.time)
        noTime = values.has(Edit.noTime)
        place = values.text(Edit.place)
        noPlace = values.has(Edit.noPlace)
        coords = values.coordinate(Edit.coords)
        noCoords = values.has(Edit.noCoords)
        notes = values.text(Edit.notes)
        noNotes = values.has(Edit.noNotes)
        repeats = RepeatRequest(values, every: Edit.every, afterDone: Edit.afterDone)
        noRepeat = values.has(Edit.noRepeat)
        noGeocode = values.has(Edit.noGeocode)
        fields = FieldOptions.changes(values)
        under = values.item(Edit.under)
        topLevel = values.has(Edit.topLevel)
    }

    /// No option given: bare `edit N`, which asks.
    var isEmpty: Bool { self == EditChanges() }

    /// `item` with these changes.
    func applied(to item: TodoItem, helper: @autoclosure () -> CalendarHelper) throws -> TodoItem {
        let original = item
        var item = item
        if let title { item.title = title }
        if let under { item.parent = under.uid }
        if topLevel { item.parent = nil }
        if let date {
            // One rule with postpone: a shift (+1d, -1w) counts from the item's own day.
            item.due = date.shift.flatMap { shift in item.due.map { $0.adding(days: shift) } } ?? date.day
            if let time = date.time { item.time = time }
        }
        if noDate {
            item.due = nil
            item.time = nil
        }
        if let time { item.time = time }
        if noTime { item.time = nil }
        if let notes { item.notes = notes }
        if noNotes { item.notes = nil }
        var location = item.location
        if noPlace { location = nil }
        if let place {
            // The same place (case and spacing aside) keeps its coordinates; another drops them.
            location = Location(name: place, coordinate: Edit.samePlace(place, location) ? location?.coordinate : nil)
        }
        if let coords {
            guard let name = location?.name else { throw ShellError.usage("edit: --coords needs a place: add --at PLACE") }
            location = Location(name: name, coordinate: coords)
        }
        if noCoords, let name = location?.name { location = Location(name: name) }
        item.location = location
        if !repeats.isEmpty {
            item.repeats = try repeats.resolved(current: item.repeats, due: item.due, command: Edit.spec.name, helper: helper())
        }
        if noRepeat { item.repeats = nil }
        // A new rule or a new day opens the series on one of its days (RepeatStart).
        if !repeats.isEmpty || date != nil, let rule = item.repeats, let due = item.due {
            item.due = try RepeatStart.first(rule, onOrAfter: due, command: Edit.spec.name, helper: helper)
        }
        fields.apply(to: &item)
        try fields.checkReminders(item, was: original, command: Edit.spec.name)
        return item
    }
}
