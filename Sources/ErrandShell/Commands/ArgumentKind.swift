import ErrandDomain

/// What an argument holds: the parser checks and converts a value of this kind once, before
/// any command runs, and Tab completes it.
public enum ArgumentKind: Equatable, Sendable {
    /// A row number of the last listing: a day, an item or an ad.
    case row
    /// A row number of the last listing that must be an item (edit).
    case itemRow
    /// Several item rows: `1 3 5`, `2-4` and mixes, each word one number or range (check,
    /// swipe...). The parser takes the leading words that look like rows.
    case itemRows
    /// Several rows that must be ads, read as itemRows reads items (star, unstar).
    case adRows
    /// A day as people type it (`tomorrow`, `dec 1`, `+3d`), optionally with a time.
    case date
    /// A day to look at (`day`, `week`): as `date`, but a month and day without a year is the
    /// nearest such date, past or future.
    case lookedAtDay
    case coordinate
    /// A distance: `5km`, `500m`, `2.5 km`, `3mi`.
    case distance
    /// A place by name (Tab offers the places already located) or `LAT,LON`.
    case place
    /// A 24-hour time, `14:30`.
    case time
    /// How an item repeats: `day`, `weekday`, `week`, `2 weeks`, `month`, `year`.
    case schedule
    /// A whole number from 1 to the bound (`log 20`).
    case count(Int)
    /// Seconds between two runs (`watch 2 view`, `watch 0.5 view`), from `WatchPlan.shortest`
    /// to a day. Optional before other words, it takes a word only if the word is a number.
    case seconds
    case text
    case file
    /// A command name (`help open`).
    case command
    /// An ads category of the cached catalogue.
    case category
    case choice([String])
    /// One of these words or a path (`sync todos`, `sync ads`, `sync ~/catalogue`): Tab offers both.
    case wordOrFile([String])
    /// A value whose kind depends on the argument before it (`set color on`): the command
    /// checks it while it is parsed; Tab offers the words listed for the word typed before.
    case dependent([String: [String]])
    /// A declared item field's value (priority, a tag), read and checked by its declaration.
    case field(ItemField)
    /// `tag`'s words: tags to add (`home`) and to take away (`-home`); Tab offers the tags.
    case tagChanges
    /// `find`'s query: the words as one text, quoted again where a word holds a space
    /// (QueryWords); read by `find` in the tab's language (QueryParser, AdQuery). Tab offers
    /// its keys, their values and the tags.
    case query
    /// A list's name: Tab offers the store's lists, and `all` only where it means something
    /// (`use all`; no item goes to, or is exported from, a list called so).
    case listName(orAll: Bool)
    /// A saved search's name: checked by the command (a name to save need not exist yet);
    /// Tab offers the saved ones.
    case savedSearch

    /// `text` typed for the argument or option `name` of `command`, as a checked value (each
    /// kind's reading and refusal in ArgumentKind+Words).
    func value(_ text: String, name: String, command: String, context: ParseContext) throws(ShellError) -> ArgumentValue {
        let word = ArgumentWord(text: text, name: name, command: command)
        switch self {
        case .row: return .row(try context.row(text, command: command))
        case .itemRow: return .item(try context.item(text, command: command))
        case .itemRows: return .items(try context.items(text, command: command))
        case .adRows:
            _ = try context.ads(text, command: command)
            return .text(text)
        case .date, .lookedAtDay: return .date(try word.day(nearest: self == .lookedAtDay, context: context))
        case .coordinate: return .coordinate(try word.coordinate())
        case .distance: return .distance(try word.distance())
        case .time: return .time(try word.time())
        case .schedule: return .text(try word.schedule())
        case .command:
            guard let spec = context.table.spec(named: text) else {
                throw .unknownCommand(text, suggestion: context.table.suggestion(for: text))
            }
            return .text(spec.name)
        case .category: return .text(try context.category(text, command: command))
        case let .choice(choices): return .text(try word.choice(choices))
        case let .count(bound): return .count(try word.count(upTo: bound))
        case .seconds: return .seconds(try word.seconds())
        case let .field(field): return try word.fieldValue(field, context: context)
        case .text, .file, .dependent, .place, .wordOrFile, .tagChanges, .query, .listName, .savedSearch: return .text(text)
        }
    }

    /// Whether an optional argument of this kind takes `word`, when other arguments follow it
    /// (`watch view` has no SECONDS): only a number is seconds.
    func mayTake(_ word: String) -> Bool {
        guard self == .seconds else { return true }
        return word.first.map { $0.isNumber || $0 == "." || $0 == "-" } ?? false
    }
}
