import ErrandOptions

extension ExitStatus {
    /// errand's, in the order help lists them.
    public static let all: [ExitStatus] = [
        ExitStatus(0, "every command succeeded"),
        ExitStatus(1, "a command failed (or a transcript differed)"),
        ExitStatus(2, "bad usage of errand itself"),
        ExitStatus(3, """
            the store cannot be opened (unreadable, damaged, newer schema, read-only); it is left untouched
            """),
    ]
}
