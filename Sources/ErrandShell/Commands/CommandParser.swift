import ErrandDomain

/// Turns a line into a ParsedCommand using the table, or a one-line error saying what was
/// wrong and what is valid.
public struct CommandParser: Sendable {
    public let table: CommandTable

    public init(table: CommandTable = .standard) {
        self.table = table
    }

    public func parse(_ line: String) throws(ShellError) -> ParsedCommand {
        let tokens: [Tokenizer.Token]
        do {
            tokens = try Tokenizer.split(line)
        } catch .unbalancedQuote(let quote) {
            throw .usage("unbalanced \(quote) quote: close it or escape it with a backslash")
        } catch {
            throw .usage("the line ends with a lone backslash")
        }
        guard let first = tokens.first else { throw .usage("empty command") }
        guard let spec = table.spec(named: first.text) else {
            throw .unknownCommand(first.text, suggestion: table.suggestion(for: first.text))
        }
        return try parse(Array(tokens.dropFirst()).map(\.text), spec: spec)
    }

    func parse(_ words: [String], spec: CommandSpec) throws(ShellError) -> ParsedCommand {
        var positional: [String] = []
        var options: [String: String] = [:]
        var index = 0
        var endOfOptions = false
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--", !endOfOptions {
                endOfOptions = true
                continue
            }
            guard !endOfOptions, word.hasPrefix("--"), word.count > 2 else {
                positional.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = spec.option(named: name) else {
                let valid = spec.options.map { "--" + $0.name }
                throw .usage("\(spec.name): unknown option --\(ShellError.cut(name))"
                             + (valid.isEmpty ? " (it takes none)" : " (valid: \(valid.joined(separator: ", ")))"))
            }
            guard options[name] == nil else { throw .usage("\(spec.name): --\(name) given twice") }
            if let value = option.value {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < words.count {
                    var taken = words[index]
                    index += 1
                    while value.kind == .date, index < words.count,
                          DateInputParser.continues(taken, with: words[index]) {
                        taken += " " + words[index]
                        index += 1
                    }
                    options[name] = taken
                } else {
                    throw .usage("\(spec.name): --\(name) needs a \(value.name) (usage: \(spec.usage))")
                }
            } else {
                guard inlineValue == nil else { throw .usage("\(spec.name): --\(name) takes no value") }
                options[name] = ""
            }
        }
        var arguments: [String: String] = [:]
        var remaining = positional[...]
        for argument in spec.arguments {
            if argument.rest {
                if !remaining.isEmpty { arguments[argument.name] = remaining.joined(separator: " ") }
                remaining = []
            } else if let value = remaining.popFirst() {
                arguments[argument.name] = value
            }
            if arguments[argument.name] == nil, !argument.optional {
                throw .usage("\(spec.name): missing \(argument.name) (usage: \(spec.usage))")
            }
            if let value = arguments[argument.name], case let .choice(choices) = argument.kind,
               !choices.contains(value) {
                throw .usage("\(spec.name): \(argument.name) must be one of \(choices.joined(separator: ", ")), not \(ShellError.quote(value))")
            }
        }
        if let extra = remaining.first {
            throw .usage("\(spec.name): unexpected \(ShellError.quote(extra)) (usage: \(spec.usage))")
        }
        return ParsedCommand(spec: spec, arguments: arguments, options: options)
    }
}
