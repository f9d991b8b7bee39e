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
    /// Another option this one only makes sense with (`--coords` needs `--at`).
    public let requires: String?
    /// An option this one cannot go with (`--time` and `--no-time`).
    public let conflicts: String?
    /// The question the create form asks for it (nil: not asked).
    public let prompt: String?
    /// May be given more than once, each value adding to the last (`--tag a --tag b`).
    public let repeatable: Bool

    public init(_ name: String, value: String? = nil, kind: ArgumentKind = .text, help: String,
                requires: String? = nil, conflicts: String? = nil, prompt: String? = nil, repeatable: Bool = false) {
        self.name = name
        self.value = value.map { Value(name: $0, kind: kind) }
        self.help = help
        self.requires = requires
        self.conflicts = conflicts
        self.prompt = prompt
        self.repeatable = repeatable
    }

    /// As typed: `--name`.
    public var flag: String { "--" + name }

    var usage: String { OptionText.usage([flag], value: value?.name) }

    /// `--date DATE`, as `help COMMAND` lists it.
    var label: String { OptionText.label([flag], value: value?.name) }
}
