import ErrandDomain

/// What one `create` line gives, read once from its checked values when the command is made
/// (or from the form's answers), so `run` reads typed fields, not the parser's values.
struct CreateFields: Equatable, Sendable {
    var title: String?
    var date: DateInputParser.Result?
    var noDate: Bool
    var place: String?
    var coords: Coordinate?
    var notes: String?
    var repeats: RepeatRequest
    var noGeocode: Bool
    var fields: FieldChanges
    /// `--under N`: the listed item it is a subtask of.
    var under: TodoItem?

    init(_ values: ArgumentValues) {
        title = values.text(Create.title)
        date = values.date(Create.date)
        noDate = values.has(Create.noDate)
        place = values.text(Create.place)
        coords = values.coordinate(Create.coords)
        notes = values.text(Create.notes)
        repeats = RepeatRequest(values, every: Create.every, afterDone: Create.afterDone)
        noGeocode = values.has(Create.noGeocode)
        fields = FieldOptions.changes(values)
        under = values.item(Create.under)
    }
}
