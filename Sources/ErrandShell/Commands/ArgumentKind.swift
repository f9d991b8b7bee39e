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
    /// A list's name (`use`): Tab offers the store's lists and `all`.
    case listName
    /// A saved search's name: checked by the command (a name to save need not exist yet);
    /// Tab offers the saved ones.
    case savedSearch

    /// `text` typed for the argument or option `name` of `command`, as a checked value.
    func value(_ text: String, name: String, command: String, context: ParseContext) throws(ShellError) -> ArgumentValue {
        switch self {
        case .row: return .row(try context.row(text, command: command))
        case .itemRow: return .item(try context.item(text, command: command))
        case .itemRows: return .items(try context.items(text, command: command))
        case .adRows:
            _ = try context.ads(text, command: command)
            return .text(text)
        case .date, .lookedAtDay:
            do {
                return .date(try DateInputParser.parse(text, today: context.today, nearest: self == .lookedAtDay,
                                                       local: context.dateWords))
            } catch {
                // Day and month names are read in the screen's language; the rest is English.
                let english = context.dateWords.isEmpty ? "" : " (day and month names may be in your language; today, tomorrow and +3d are English)"
                throw .failed(error.description + english)
            }
        case .coordinate:
            do {
                return .coordinate(try Coordinate(text: text))
            } catch {
                throw .failed(error.description)
            }
        case .distance:
            guard let metres = Distance.parse(text) else {
                throw .usage("\(command): \(name) needs a distance such as 500m, 5km or 3mi, not \(ShellError.quote(text))")
            }
            return .distance(metres)
        case .time:
            guard let time = TimeOfDay(text: text) else {
                throw .usage("\(command): \(name) needs a 24-hour time HH:MM, not \(ShellError.quote(text))")
            }
            return .time(time)
        case .schedule:
            guard Repeat(text: text) != nil else {
                throw .usage("\(command): \(name) needs day, weekday, week, month or year, or a number of them "
                             + "(2 weeks), not \(ShellError.quote(text))")
            }
            return .text(text)
        case .command:
            guard let spec = context.table.spec(named: text) else {
                throw .unknownCommand(text, suggestion: context.table.suggestion(for: text))
            }
            return .text(spec.name)
        case .category: return .text(try context.category(text, command: command))
        case let .choice(choices):
            guard choices.contains(text) else {
                throw .usage("\(command): \(name) must be one of \(choices.joined(separator: ", ")), not \(ShellError.quote(text))")
            }
            return .text(text)
        case let .count(bound):
            guard let n = Int(text), (1...bound).contains(n) else {
                throw .usage("\(command): \(name) must be a whole number from 1 to \(bound), not \(ShellError.quote(text))")
            }
            return .count(n)
        case .seconds:
            guard let seconds = Double(text), seconds.isFinite else {
                throw .usage("\(command): \(name) must be a number of seconds (2, 0.5), not \(ShellError.quote(text))")
            }
            guard seconds >= WatchPlan.shortest, seconds <= WatchPlan.longest else {
                throw .usage("\(command): \(name) must be from \(WatchPlan.shortest) to \(Int(WatchPlan.longest)) seconds, "
                             + "not \(ShellError.quote(text))" + (seconds <= 0 ? " (nothing to wait for between runs)" : ""))
            }
            return .seconds(seconds)
        case let .field(field):
            return try Self.fieldValue(text, field, command: command, context: context)
        case .text, .file, .dependent, .place, .wordOrFile, .tagChanges, .query, .listName, .savedSearch: return .text(text)
        }
    }

    /// Whether an optional argument of this kind takes `word`, when other arguments follow it
    /// (`watch view` has no SECONDS): only a number is seconds.
    func mayTake(_ word: String) -> Bool {
        guard self == .seconds else { return true }
        return word.first.map { $0.isNumber || $0 == "." || $0 == "-" } ?? false
    }

    /// A declared field's value, read by its declaration (`high` -> 1); the line names the field.
    private static func fieldValue(_ text: String, _ field: ItemField, command: String,
                                   context: ParseContext) throws(ShellError) -> ArgumentValue {
        guard let option = field.option else { throw .usage("\(command): the \(field.name) is not typed") }
        do throws(DomainError) {
            if let dated = option.parseDated { return .field(try dated(text, context.today, context.dateWords)) }
            return .field(try option.parse(text))
        } catch {
            throw .usage("\(command): \(error.description)")
        }
    }
}
