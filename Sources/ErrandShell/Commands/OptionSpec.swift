/// A `--name VALUE` option, or a `--name` flag when `value` is nil.
public struct OptionSpec: Equatable, Sendable {
    public let name: String
    public let value: (name: String, kind: ArgumentKind)?
    public let help: String

    public init(_ name: String, value: String? = nil, kind: ArgumentKind = .text, help: String) {
        self.name = name
        self.value = value.map { ($0, kind) }
        self.help = help
    }

    public static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool {
        lhs.name == rhs.name && lhs.value?.name == rhs.value?.name && lhs.value?.kind == rhs.value?.kind
            && lhs.help == rhs.help
    }

    var usage: String {
        value.map { "[--\(name) \($0.name)]" } ?? "[--\(name)]"
    }
}
