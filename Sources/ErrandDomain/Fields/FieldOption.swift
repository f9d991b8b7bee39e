/// How `create` and `edit` take a declared field, as data: the shell makes its options,
/// help and completion from it, so a field needs no code in any command.
public struct FieldOption: Sendable {
    /// `--NAME VALUE`.
    public let name: String
    /// `edit --CLEAR` removes the value (`--no-priority`).
    public let clear: String
    /// The value's name in help (`P`, `TAG`).
    public let valueName: String
    public let help: String
    /// Whether the option may be given more than once, each adding words (`--tag a --tag b`).
    public let repeatable: Bool
    /// Words Tab offers for the value, besides what the store holds (`from store`).
    public let words: [String]
    /// Whether the create and edit forms ask it (reminders are not: one before the due time
    /// needs the time, and the form stays as short as the apps' are).
    public let asked: Bool
    /// Whether Tab also offers the values items already have (every tag in the store).
    public let completesFromStore: Bool
    /// One typed value, read and checked (`high` -> 1); the reason names the field.
    public let parse: @Sendable (String) throws(DomainError) -> FieldValue
    /// For a value that names a day (`fri 09:00`, `--remind "dec 3 08:00"`): read from today,
    /// in the screen's day and month names. The shell uses it when set; files and servers go
    /// through `parse`.
    public let parseDated: (@Sendable (String, DueDay, LocalDateWords) throws(DomainError) -> FieldValue)?

    public init(name: String, clear: String, valueName: String, help: String, repeatable: Bool = false,
                words: [String] = [], completesFromStore: Bool = false, asked: Bool = true,
                parse: @escaping @Sendable (String) throws(DomainError) -> FieldValue,
                parseDated: (@Sendable (String, DueDay, LocalDateWords) throws(DomainError) -> FieldValue)? = nil) {
        self.name = name
        self.clear = clear
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.words = words
        self.completesFromStore = completesFromStore
        self.asked = asked
        self.parse = parse
        self.parseDated = parseDated
    }
}
