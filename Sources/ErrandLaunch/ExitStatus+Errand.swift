import ErrandOptions

extension ExitStatus {
    public static let succeeded = ExitStatus(0, "every command succeeded")
    public static let commandFailed = ExitStatus(1, "a command failed (or a transcript differed)")
    public static let badUsage = ExitStatus(2, "bad usage of errand itself")
    public static let storeUnusable = ExitStatus(3, """
        the store cannot be opened (unreadable, damaged, newer schema, read-only); it is left untouched
        """)

    /// errand's, in the order help lists them.
    public static let all: [ExitStatus] = [succeeded, commandFailed, badUsage, storeUnusable]
}
