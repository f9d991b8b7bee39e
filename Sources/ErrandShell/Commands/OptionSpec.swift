import ErrandOptions

/// A shell command's option, `--name VALUE` or a `--name` flag: the one declaration type, its
/// value's kind read against the session (the last listing's rows, the cached categories, the
/// screen's date words) by the shell's parser. A flag's kind is never read.
public typealias OptionSpec = OptionDeclaration<ArgumentKind>

extension OptionDeclaration where Kind == ArgumentKind {
    public init(_ name: String, value: String? = nil, kind: ArgumentKind = .text, help: String,
                requires: OptionSpec? = nil, conflicts: OptionSpec? = nil, prompt: String? = nil, repeatable: Bool = false,
                valueOptional: Bool = false) {
        self.init(["--" + name], valueName: value, kind: kind, help: help, requires: requires, conflicts: conflicts,
                  prompt: prompt, repeatable: repeatable, valueOptional: valueOptional)
    }

    /// As typed: `--name`.
    public var flag: String { longName ?? "" }

    /// As the parser looks it up and errors name it, without its dashes: `name`.
    public var name: String { String(flag.dropFirst(2)) }

    /// The kind its value is checked as; nil for a flag.
    public var valueKind: ArgumentKind? { valueName == nil ? nil : kind }
}
