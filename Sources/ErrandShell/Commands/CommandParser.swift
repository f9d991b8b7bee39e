import ErrandDomain

/// Turns a line into a typed command using the table: the words are matched to the
/// declaration, then every value is checked against its kind, once; or a one-line error saying
/// what was wrong and what is valid.
public struct CommandParser: Sendable {
    public let table: CommandTable

    public init(table: CommandTable = .standard) {
        self.table = table
    }

    public func parse(_ line: String, context: ParseContext) throws(ParseFailure) -> ParsedCommand {
        let tokens: [Tokenizer.Token]
        do {
            tokens = try Tokenizer.split(line)
        } catch {
            switch error {
            case .unbalancedQuote(let quote):
                throw ParseFailure(command: "", error: .usage("unbalanced \(quote) quote: close it or escape it with a backslash"))
            }
        }
        guard let first = tokens.first else { throw ParseFailure(command: "", error: .usage("empty command")) }
        guard let spec = table.spec(named: first.text) else {
            throw ParseFailure(command: "", error: .unknownCommand(first.text, suggestion: table.suggestion(for: first.text)))
        }
        do {
            return try parse(tokens.dropFirst().map { CommandWord($0.text, literal: $0.quoted) }, spec: spec, context: context)
        } catch {
            throw ParseFailure(command: spec.name, error: error)
        }
    }

    /// The words after the command name.
    public func parse(_ words: [CommandWord], spec: CommandSpec, context: ParseContext) throws(ShellError) -> ParsedCommand {
        let (typed, options) = try split(words, spec: spec)
        var values = ArgumentValues()
        for (option, texts) in options {
            if texts.isEmpty { values[option] = .flag }
            for text in texts {
                let value = try option.valueKind?.value(text, name: option.flag, command: spec.name, context: context) ?? .flag
                // A repeated option adds its words to those before (`--tag a --tag b`).
                if case let .field(.words(earlier))? = values[option], case let .field(.words(more)) = value {
                    values[option] = .field(.words(earlier + more))
                } else {
                    values[option] = value
                }
            }
        }
        for (argument, text) in try positionals(typed, spec: spec) {
            // Another command's line: that command's own parse checks it.
            values[argument] = argument.passthrough ? .text(text)
                : try argument.kind.value(text, name: argument.name, command: spec.name, context: context)
        }
        do {
            return ParsedCommand(spec: spec, values: values, command: try spec.make(values))
        } catch {
            throw ShellError.from(error)
        }
    }

    /// Options with their raw values, in declaration order, and the positional words. The one
    /// rule (`CommandTable.wordRule`): an option's value runs up to the next option, the
    /// command's own words come before the first option (or after `--`), and a word that fits
    /// neither is named, so no word ever lands in a field the user did not type it for.
    private func split(_ words: [CommandWord], spec: CommandSpec) throws(ShellError) -> ([String], [(OptionSpec, [String])]) {
        var positional: [String] = []
        var found: [String: [String]] = [:]  // by flag: `--at`, as requires and conflicts name one
        for step in WordWalk(words, spec: spec).steps {
            switch step {
            case let .positional(text):
                positional.append(text)
            case let .afterFlag(text, flag):
                throw .usage("\(spec.name): \(ShellError.quote(text)) follows --\(flag), which takes no value: "
                             + "\(spec.arguments.first.map { $0.name + " goes" } ?? "nothing goes") before the first option "
                             + "(usage: \(spec.usage))")
            case let .unknownOption(name):
                let valid = spec.options.map(\.flag)
                throw .usage("\(spec.name): unknown option --\(ShellError.cut(name))"
                             + (valid.isEmpty ? " (it takes none)" : " (valid: \(valid.joined(separator: ", ")))"))
            case let .valueOnFlag(option):
                throw .usage("\(spec.name): --\(option.name) takes no value")
            case let .option(option, value, _):
                guard found[option.flag] == nil || option.repeatable else {
                    throw .usage("\(spec.name): --\(option.name) given twice")
                }
                if let value, value.isEmpty, option.valueOptional {
                    found[option.flag] = []
                } else if let value, let valueName = option.valueName {
                    guard !value.isEmpty else {
                        throw .usage("\(spec.name): --\(option.name) needs a \(valueName) (usage: \(spec.usage))")
                    }
                    found[option.flag, default: []].append(value.joined(separator: " "))
                } else {
                    found[option.flag] = [""]
                }
            }
        }
        if let failure = spec.options.pairingFailure(given: Set(found.keys)) { throw .usage("\(spec.name): \(failure)") }
        return (positional, spec.options.compactMap { option in found[option.flag].map { (option, $0) } })
    }

    /// Positional words matched to the declared arguments, in order.
    private func positionals(_ words: [String], spec: CommandSpec) throws(ShellError) -> [(ArgumentSpec, String)] {
        var matched: [(ArgumentSpec, String)] = []
        var remaining = words[...]
        for (position, argument) in spec.arguments.enumerated() {
            var text: String?
            if argument.kind == .itemRows {
                // Rows are the leading words that look like rows; the last argument takes all,
                // so that a wrong word is named as a wrong row.
                // A required argument after them keeps its word (`progress 2 40`).
                let last = position == spec.arguments.count - 1
                let required = spec.arguments.dropFirst(position + 1).filter { !$0.optional }.count
                let rows = remaining.prefix(while: ParseContext.looksLikeRows).count
                let count = last ? remaining.count : min(rows, max(min(rows, 1), remaining.count - required))
                if count > 0 { text = remaining.prefix(count).joined(separator: " ") }
                remaining = remaining.dropFirst(count)
            } else if argument.rest {
                if !remaining.isEmpty {
                    text = argument.kind == .query ? QueryWords.joined(remaining) : remaining.joined(separator: " ")
                }
                remaining = []
            } else if argument.optional, position < spec.arguments.count - 1,
                      let next = remaining.first, !argument.kind.mayTake(next) {
                text = nil
            } else {
                text = remaining.popFirst()
            }
            if let text {
                matched.append((argument, text))
            } else if !argument.optional {
                throw .usage("\(spec.name): missing \(argument.name) (usage: \(spec.usage))")
            }
        }
        if let extra = remaining.first {
            throw .usage("\(spec.name): unexpected \(ShellError.quote(extra)) (usage: \(spec.usage))")
        }
        return matched
    }
}
