import Foundation

/// The command whose changes the store is journaling, and when it runs.
public struct JournalContext: Sendable {
    public var command: String
    public var time: Date

    public init(command: String, time: Date) {
        self.command = command
        self.time = time
    }
}
