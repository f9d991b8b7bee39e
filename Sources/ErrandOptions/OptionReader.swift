/// Reads a command line against its declarations: errand's and each helper's, one way.
public enum OptionReader {
    /// What to do with a word that is no option.
    public enum Word {
        /// Taken; read on.
        case taken
        /// Taken, with every word after it: reading stops.
        case takesTheRest
    }

    /// Applies each argument as `declarations` say; every other word (and `-`, standard input)
    /// goes to `word`, with the words after it, which it may take. `context` starts every
    /// error ("check: "). The declarations' `requires:` and `conflicts:` are checked once the
    /// options are read, in the shell's words; not after a `stop` (`--help` answers anyway).
    public static func read<Options>(_ arguments: ArraySlice<String>, _ declarations: [CommandLineOption<Options>],
                                     into options: inout Options, context: String = "",
                                     word: (inout Options, String, ArraySlice<String>) throws(OptionFailure) -> Word)
        throws(OptionFailure) {
        var rest = arguments
        var given: Set<String> = []
        func checkPairs() throws(OptionFailure) {
            if let failure = declarations.pairingFailure(given: given) { throw OptionFailure(context + failure) }
        }
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                if try word(&options, argument, rest) == .takesTheRest { return try checkPairs() }
                continue
            }
            let (name, attached) = splitAttached(argument)
            guard let option = declarations.first(where: { $0.names.contains(name) }) else {
                throw OptionFailure("\(context)unknown option \(argument)")
            }
            if option.valueName == nil, attached != nil { throw OptionFailure("\(context)\(name) takes no value") }
            given.insert(option.longName ?? name)
            switch option.kind {
            case let .flag(set):
                set(&options)
            case let .value(set):
                guard let value = attached ?? rest.popFirst() else { throw OptionFailure("\(context)\(name) needs a value") }
                do {
                    try set(&options, value)
                } catch {
                    throw OptionFailure(context + error.description)
                }
            case let .stop(set):
                set(&options)
                return
            }
        }
        try checkPairs()
    }

    /// For a command line of options and at most one bare word (a helper's URL or FILE), which
    /// goes to `word`; a second is refused.
    public static func read<Options>(_ arguments: ArraySlice<String>, _ declarations: [CommandLineOption<Options>],
                                     into options: inout Options, word: WritableKeyPath<Options, String?>)
        throws(OptionFailure) {
        try read(arguments, declarations, into: &options) { options, bare, _ throws(OptionFailure) in
            guard options[keyPath: word] == nil else { throw OptionFailure("unexpected \(bare)") }
            options[keyPath: word] = bare
            return .taken
        }
    }

    /// `--store=PATH` is `--store` and `PATH`; short names never take `=`.
    public static func splitAttached(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
