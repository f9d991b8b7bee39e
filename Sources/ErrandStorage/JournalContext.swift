import FoundationEssentials

/// The command a change is journaled as, and when it runs: handed to each change
/// (`ItemStore.changeItems(journaled:_:)`), so it names that change and no other.
public struct JournalContext: Sendable {
    public var command: String
    public var time: Date

    public init(command: String, time: Date) {
        self.command = command
        self.time = time
    }
}
