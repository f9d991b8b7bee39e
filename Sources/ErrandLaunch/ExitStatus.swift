/// One exit status of errand, declared once for `--help` and the man page.
public struct ExitStatus: Sendable {
    public let status: Int32
    public let meaning: String

    public static let all: [ExitStatus] = [
        ExitStatus(status: 0, meaning: "every command succeeded"),
        ExitStatus(status: 1, meaning: "a command failed (or a transcript differed)"),
        ExitStatus(status: 2, meaning: "bad usage of errand itself"),
        ExitStatus(status: 3, meaning: """
            the store cannot be opened (unreadable, damaged, newer schema, read-only); it is left untouched
            """),
    ]
}
