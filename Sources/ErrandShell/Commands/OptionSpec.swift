import ErrandOptions

/// A `--name VALUE` option, or a `--name` flag when `value` is nil.
public struct OptionSpec: Equatable, Sendable {
    public struct Value: Equatable, Sendable {
        public let name: String
        public let kind: ArgumentKind
    }

    public let name: String
    public let value: Value?
    public let help: String
    /// Another option's name, this one only making sense with it (`--coords` needs `--at`):
    /// given as that option's declaration, so a misspelt one does not compile.
    public let requires: String?
    /// The name of an option this one cannot go with (`--time` and `--no-time`), given as its
    /// declaration.
    public let conflicts: String?
    /// The question the create form asks for it (nil: not asked).
    public let prompt: String?
    /// May be given more than once, each value adding to the last (`--tag a --tag b`).
    public let repeatable: Bool
    /// May be given bare, with no value (`edit N --notes` opens the editor): then it reads as a
    /// flag, and the command says what that means.
    public let valueOptional: Bool

    public init(_ name: String, value: String? = nil, kind: ArgumentKind = .text, help: String,
                requires: OptionSpec? = nil, conflicts: OptionSpec? = nil, prompt: String? = nil, repeatable: Bool = false,
                valueOptional: Bool = false) {
        self.name = name
        self.value = value.map { Value(name: $0, kind: kind) }
        self.help = help
        self.requires = requires?.name
        self.conflicts = conflicts?.name
        self.prompt = prompt
        self.repeatable = repeatable
        self.valueOptional = valueOptional
    }

    /// As typed: `--name`.
    public var flag: String { "--" + name }

    var usage: String { OptionText.usage([flag], value: value?.name) }

    /// `--date DATE`, as `help COMMAND` lists it.
    var label: String { OptionText.label([flag], value: value?.name) }
}
