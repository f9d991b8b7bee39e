/// One abbreviation as `abbr` lists it.
public struct Abbreviation: Equatable, Sendable {
    public var name: String
    public var expansion: String

    /// The command that makes it again, as the errandrc would hold it.
    public var line: String { "abbr " + name + " " + Tokenizer.quote(expansion) }
}
