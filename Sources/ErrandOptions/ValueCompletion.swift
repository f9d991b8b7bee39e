/// What a shell offers on Tab for an option's value: the completion scripts (bash, zsh, fish)
/// are generated from it, so each option says it once, beside its declaration.
public enum ValueCompletion: Equatable, Sendable {
    /// Nothing to offer (a date, a URL): the shell waits for the value to be typed.
    case none
    /// A file name.
    case file
    /// One of errand's shell commands (`-c COMMAND`).
    case command
    /// One of these words.
    case choice([String])
}
