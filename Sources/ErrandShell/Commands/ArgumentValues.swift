import ErrandDomain

/// The checked values of one command line, read by the declarations they were declared with,
/// so no command spells an argument's name a second time.
public struct ArgumentValues: Equatable, Sendable {
    private var values: [String: ArgumentValue] = [:]

    public subscript(argument: ArgumentSpec) -> ArgumentValue? {
        get { values[argument.name] }
        set { values[argument.name] = newValue }
    }

    public subscript(option: OptionSpec) -> ArgumentValue? {
        get { values[option.flag] }
        set { values[option.flag] = newValue }
    }

    public func text(_ argument: ArgumentSpec) -> String? { Self.text(self[argument]) }
    public func text(_ option: OptionSpec) -> String? { Self.text(self[option]) }
    public func has(_ option: OptionSpec) -> Bool { self[option] != nil }

    /// A required date argument (the parser has refused a line without it).
    public func date(_ argument: ArgumentSpec) throws(ShellError) -> DateInputParser.Result {
        guard let date = givenDate(argument) else { throw Self.missing(argument) }
        return date
    }

    public func date(_ option: OptionSpec) -> DateInputParser.Result? {
        if case let .date(date)? = self[option] { return date }
        return nil
    }

    public func time(_ option: OptionSpec) -> TimeOfDay? {
        if case let .time(time)? = self[option] { return time }
        return nil
    }

    /// An optional date argument, if it was given.
    public func givenDate(_ argument: ArgumentSpec) -> DateInputParser.Result? {
        if case let .date(date)? = self[argument] { return date }
        return nil
    }

    /// An optional count argument, if it was given.
    public func count(_ argument: ArgumentSpec) -> Int? {
        if case let .count(n)? = self[argument] { return n }
        return nil
    }

    public func count(_ option: OptionSpec) -> Int? {
        if case let .count(n)? = self[option] { return n }
        return nil
    }

    public func seconds(_ argument: ArgumentSpec) -> Double? {
        if case let .seconds(seconds)? = self[argument] { return seconds }
        return nil
    }

    /// A declared field's value, when its option was given (repeated ones already joined).
    public func field(_ option: OptionSpec) -> FieldValue? {
        if case let .field(value)? = self[option] { return value }
        return nil
    }

    public func field(_ argument: ArgumentSpec) -> FieldValue? {
        if case let .field(value)? = self[argument] { return value }
        return nil
    }

    public func coordinate(_ option: OptionSpec) -> Coordinate? {
        if case let .coordinate(coordinate)? = self[option] { return coordinate }
        return nil
    }

    /// Metres, when the option was given.
    public func distance(_ option: OptionSpec) -> Double? {
        if case let .distance(metres)? = self[option] { return metres }
        return nil
    }

    public func row(_ argument: ArgumentSpec) throws(ShellError) -> ListingRow {
        if case let .row(row)? = self[argument] { return row }
        throw Self.missing(argument)
    }

    public func item(_ argument: ArgumentSpec) throws(ShellError) -> TodoItem {
        if case let .item(item)? = self[argument] { return item }
        throw Self.missing(argument)
    }

    /// A row given to an option (`--under N`), if it was given.
    public func item(_ option: OptionSpec) -> TodoItem? {
        if case let .item(item)? = self[option] { return item }
        return nil
    }

    public func items(_ argument: ArgumentSpec) throws(ShellError) -> [TodoItem] {
        if case let .items(items)? = self[argument] { return items }
        throw Self.missing(argument)
    }

    public func requiredText(_ argument: ArgumentSpec) throws(ShellError) -> String {
        if let text = text(argument) { return text }
        throw Self.missing(argument)
    }

    private static func missing(_ argument: ArgumentSpec) -> ShellError {
        .usage("missing \(argument.name)")
    }

    private static func text(_ value: ArgumentValue?) -> String? {
        if case let .text(text)? = value { return text }
        return nil
    }
}
