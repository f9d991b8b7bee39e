/// What an argument holds; decides how it is checked and how Tab completes it.
public enum ArgumentKind: Equatable, Sendable {
    /// A row number of the last listing.
    case row
    case date
    case text
    case file
    case command
    case category
    case choice([String])
    /// Any value, with these words offered by Tab; the command checks the value itself.
    case suggestions([String])
}
