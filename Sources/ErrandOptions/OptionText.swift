/// How an option is written in help and usage lines, for the programs' command lines and the
/// shell's commands alike (whose options are declared apart, typed for the shell's parser).
public enum OptionText {
    /// `-f, --script FILE`
    public static func label(_ names: [String], value: String?) -> String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// `[--update]` or `[-f|--script FILE]`, for a usage line.
    public static func usage(_ names: [String], value: String?) -> String {
        "[" + names.joined(separator: "|") + (value.map { " " + $0 } ?? "") + "]"
    }
}
