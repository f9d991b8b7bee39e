/// A fixed list of lines (`-c`, tests).
public final class ArrayLineSource: LineSource {
    public let name: String
    private var lines: ArraySlice<String>

    public init(name: String, lines: [String]) {
        self.name = name
        self.lines = lines[...]
    }

    public func nextLine() -> String? { lines.popFirst() }
}
