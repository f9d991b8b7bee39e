/// One option, declared once, for errand's command line, each helper's and every shell command
/// alike: the readers apply it, and help, usage lines, the man page, the completion scripts,
/// Tab and the create form read the same declaration, so they cannot drift apart.
///
/// `Kind` is what the option's reader does with it: a program's option carries the setter into
/// its options value (`OptionEffect`, as `CommandLineOption`); a shell command's carries the
/// kind its value is checked against the session with (`ArgumentKind`, as `OptionSpec`).
public struct OptionDeclaration<Kind: Sendable>: Sendable {
    /// Every spelling, short one first, as help shows them: `-f, --script`.
    public let names: [String]
    /// What help calls its value (`PATH`); nil for a flag.
    public let valueName: String?
    public let kind: Kind
    public let help: String
    /// What a shell's completion script offers for the value (nothing for a flag).
    public let completion: ValueCompletion
    /// The long name of an option this one only makes sense with (`--coords` needs `--at`),
    /// given as that option's declaration, so a misspelt one does not compile.
    public let requires: String?
    /// The long name of an option this one cannot go with (`--time` and `--no-time`), given as
    /// its declaration.
    public let conflicts: String?
    /// The question a form asks for it (nil: not asked).
    public let prompt: String?
    /// May be given more than once, each value adding to the last (`--tag a --tag b`).
    public let repeatable: Bool
    /// May be given bare, with no value (`edit N --notes` opens the editor): then it reads as a
    /// flag, and the command says what that means.
    public let valueOptional: Bool

    public init(_ names: [String], valueName: String?, kind: Kind, help: String, completion: ValueCompletion = .none,
                requires: OptionDeclaration? = nil, conflicts: OptionDeclaration? = nil, prompt: String? = nil,
                repeatable: Bool = false, valueOptional: Bool = false) {
        self.names = names
        self.valueName = valueName
        self.kind = kind
        self.help = help
        self.completion = completion
        self.requires = requires?.longName
        self.conflicts = conflicts?.longName
        self.prompt = prompt
        self.repeatable = repeatable
        self.valueOptional = valueOptional
    }

    /// Its long name (`--script`), else its only one (`-c`).
    public var longName: String? { names.first { $0.hasPrefix("--") } }
    public var shortName: String? { names.first { !$0.hasPrefix("--") } }

    /// `-f, --script FILE`, as help lists it.
    public var label: String { names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "") }

    /// `[--update]` or `[-f|--script FILE]`, for a usage line.
    public var usage: String { "[" + names.joined(separator: "|") + (valueName.map { " " + $0 } ?? "") + "]" }
}

extension OptionDeclaration: Equatable where Kind: Equatable {}
