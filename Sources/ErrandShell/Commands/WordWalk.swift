/// Where each word of a command line goes under the one word rule (CommandTable.wordRule): the
/// parser reads a line through it, and Tab asks it where the cursor is, so completion never
/// disagrees with what the line would mean (`--at Gare de L` is still the place, `--x=v` is
/// x's value, after `--` every word is the command's own).
struct WordWalk: Equatable {
    enum Step: Equatable {
        /// One of the command's own words.
        case positional(String)
        /// An option and its value's words (nil: a flag); `inline` for `--name=value`.
        case option(OptionSpec, value: [String]?, inline: Bool)
        case unknownOption(String)
        /// A word after a flag, which takes none (an error for the parser).
        case afterFlag(String, flag: String)
        /// `--flag=value` on a flag.
        case valueOnFlag(OptionSpec)
    }

    private(set) var steps: [Step] = []
    /// Whether a bare `--` was met: every word after it is positional.
    private(set) var endedOptions = false

    init(_ words: [CommandWord], spec: CommandSpec) {
        var index = 0
        var lastFlag: String?
        while index < words.count {
            let word = words[index]
            index += 1
            if spec.passesThrough, !endedOptions, !word.endsOptions, !word.isOption {
                // The command's first own word: the rest is another command's line, kept as
                // typed (quoted again where it was quoted) for that command's own parse.
                endedOptions = true
                steps += words[(index - 1)...].map { .positional($0.typed) }
                break
            }
            if word.endsOptions, !endedOptions {
                endedOptions = true
                if spec.passesThrough {
                    steps += words[index...].map { .positional($0.typed) }
                    break
                }
                continue
            }
            guard !endedOptions, word.isOption else {
                if let lastFlag, !endedOptions {
                    steps.append(.afterFlag(word.text, flag: lastFlag))
                } else {
                    steps.append(.positional(word.text))
                }
                continue
            }
            var name = String(word.text.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = spec.option(named: name) else {
                steps.append(.unknownOption(name))
                continue
            }
            if option.valueName != nil {
                if let inline {
                    steps.append(.option(option, value: [inline], inline: true))
                } else {
                    // An option's value runs up to the next option (`--at Gare de Lyon`); before
                    // a passthrough's words, where no option follows, it is one word.
                    let taken = words[index...].prefix { !$0.isOption && !$0.endsOptions }
                        .prefix(spec.passesThrough ? 1 : Int.max).map(\.text)
                    index += taken.count
                    steps.append(.option(option, value: taken, inline: false))
                }
                lastFlag = nil
            } else if inline != nil {
                steps.append(.valueOnFlag(option))
            } else {
                steps.append(.option(option, value: nil, inline: false))
                lastFlag = name
            }
        }
    }

    var positionals: [String] {
        steps.compactMap { if case let .positional(text) = $0 { return text } else { return nil } }
    }

    /// The options given, by name, for a look-up of what was already typed.
    var optionNames: [String] {
        steps.compactMap { if case let .option(option, _, _) = $0 { return option.name } else { return nil } }
    }

    /// The option whose value a word typed next would join: the last step, when it is an option
    /// that takes a value and was not given one inline.
    var openValue: OptionSpec? {
        if case let .option(option, .some, false)? = steps.last, option.valueName != nil, !endedOptions {
            return option
        }
        return nil
    }
}
