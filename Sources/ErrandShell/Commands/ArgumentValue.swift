import ErrandDomain

/// One argument's value after the parser checked it against its kind.
public enum ArgumentValue: Equatable, Sendable {
    case text(String)
    case row(ListingRow)
    case item(TodoItem)
    /// Several listed items, in the order typed, each once.
    case items([TodoItem])
    case date(DateInputParser.Result)
    case coordinate(Coordinate)
    /// Metres.
    case distance(Double)
    case time(TimeOfDay)
    case count(Int)
    case seconds(Double)
    /// A declared field's value (ItemField), checked by its declaration.
    case field(FieldValue)
    /// A `--flag` that was given.
    case flag
}
