/// One exit status of a program, declared once for its help and man page, and the value its
/// main exits with.
public struct ExitStatus: Equatable, Sendable {
    public let status: Int32
    public let meaning: String

    public init(_ status: Int32, _ meaning: String) {
        self.status = status
        self.meaning = meaning
    }
}
