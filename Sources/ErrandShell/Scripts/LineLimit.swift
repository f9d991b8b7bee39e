/// The longest line Errand reads, from a script, `source`, a pipe or the keyboard: 1 MB
/// (1,048,576 bytes, the newline not counted). A longer line is refused as one failed command
/// without being held in memory.
public enum LineLimit {
    public static let bytes = 1 << 20

    /// From a pipe or a device, how much of a too-long line the reader skips looking for its
    /// newline before it stops reading altogether: `/dev/zero` or a stream that never sends a
    /// newline would otherwise be read for ever. 16 MB takes milliseconds to skip. A regular
    /// file ends, so there the line is skipped to its newline however far that is.
    public static let skipBytes = 16 << 20

    public static let tooLong = ShellError.failed("line longer than 1 MB")
    public static let endless = ShellError.failed("line longer than 1 MB, and no newline in the 16 MB after it: stopped reading")
}
