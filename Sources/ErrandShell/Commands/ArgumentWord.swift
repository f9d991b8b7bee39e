import ErrandDomain

/// One word typed for an argument or option, read as its `ArgumentKind` says: each kind's
/// reading and the one line that refuses it, naming the command and the argument.
struct ArgumentWord {
    let text: String
    let name: String
    let command: String

    func day(nearest: Bool, context: ParseContext) throws(ShellError) -> DateInputParser.Result {
        do {
            return try DateInputParser.parse(text, today: context.today, nearest: nearest, local: context.dateWords)
        } catch {
            // Day and month names are read in the screen's language; the rest is English.
            let english = context.dateWords.isEmpty ? "" : " (day and month names may be in your language; today, tomorrow and +3d are English)"
            throw .failed(error.description + english)
        }
    }

    func coordinate() throws(ShellError) -> Coordinate {
        do {
            return try Coordinate(text: text)
        } catch {
            throw .failed(error.description)
        }
    }

    func distance() throws(ShellError) -> Double {
        guard let metres = Distance.parse(text) else {
            throw .usage("\(command): \(name) needs a distance such as 500m, 5km or 3mi, not \(ShellError.quote(text))")
        }
        return metres
    }

    func time() throws(ShellError) -> TimeOfDay {
        guard let time = TimeOfDay(text: text) else {
            throw .usage("\(command): \(name) needs a 24-hour time HH:MM, not \(ShellError.quote(text))")
        }
        return time
    }

    /// The text itself, once it reads as a schedule (the command reads it again as a Repeat).
    func schedule() throws(ShellError) -> String {
        guard Repeat(text: text) != nil else {
            throw .usage("\(command): \(name) needs day, weekday, week, month, year, a number of them (2 weeks) "
                         + "or a day in words (2nd tuesday, last friday, 15th, mon,wed,fri), not \(ShellError.quote(text))")
        }
        return text
    }

    func choice(_ choices: [String]) throws(ShellError) -> String {
        guard choices.contains(text) else {
            throw .usage("\(command): \(name) must be one of \(choices.joined(separator: ", ")), not \(ShellError.quote(text))")
        }
        return text
    }

    func count(upTo bound: Int) throws(ShellError) -> Int {
        guard let n = Int(text), (1...bound).contains(n) else {
            throw .usage("\(command): \(name) must be a whole number from 1 to \(bound), not \(ShellError.quote(text))")
        }
        return n
    }

    func seconds() throws(ShellError) -> Double {
        guard let seconds = Double(text), seconds.isFinite else {
            throw .usage("\(command): \(name) must be a number of seconds (2, 0.5), not \(ShellError.quote(text))")
        }
        guard seconds >= WatchPlan.shortest, seconds <= WatchPlan.longest else {
            throw .usage("\(command): \(name) must be from \(WatchPlan.shortest) to \(Int(WatchPlan.longest)) seconds, "
                         + "not \(ShellError.quote(text))" + (seconds <= 0 ? " (nothing to wait for between runs)" : ""))
        }
        return seconds
    }

    /// A declared field's value, read by its declaration (`high` -> 1); the line names the field.
    func fieldValue(_ field: ItemField, context: ParseContext) throws(ShellError) -> ArgumentValue {
        guard let option = field.option else { throw .usage("\(command): the \(field.name) is not typed") }
        do throws(DomainError) {
            if let dated = option.parseDated { return .field(try dated(text, context.today, context.dateWords)) }
            return .field(try option.parse(text))
        } catch {
            throw .usage("\(command): \(error.description)")
        }
    }
}
