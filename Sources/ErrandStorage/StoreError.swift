/// Every way a store can fail, as one line naming the file when there is one.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAStore(path: String, reason: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case unreadable(path: String, reason: String)
    case readOnly(path: String)
    case io(path: String, reason: String)
    case changed(title: String)
    case vanished(title: String)
    case sqlite(path: String, reason: String)
    case busy(path: String)
    case badFile(path: String, reason: String)
    /// An undo or redo that would overwrite a change made since.
    case journalStale(step: String, command: String, title: String)

    public var description: String {
        switch self {
        case let .notAStore(path, reason):
            return "\(path): not an Errand store (\(reason)); the file was left untouched"
        case let .newerSchema(path, found, supported):
            return "\(path): made by a newer Errand (schema \(found), this one reads up to \(supported)); the file was left untouched"
        case let .unreadable(path, reason):
            return "\(path): cannot read the store (\(reason))"
        case let .readOnly(path):
            return "\(path): the store is read-only; nothing was changed"
        case let .io(path, reason):
            return "\(path): \(reason); nothing was changed"
        case let .changed(title):
            return "\"\(title)\" was changed since it was listed (another shell?); nothing was done: list again"
        case let .vanished(title):
            return "\"\(title)\" is no longer in the store (another shell?); nothing was done: list again"
        case let .busy(path):
            return "\(path): another Errand kept the store busy too long; nothing was changed, try again"
        case let .sqlite(path, reason):
            return "\(path): \(reason)"
        case let .badFile(path, reason):
            return "\(path): \(reason)"
        case let .journalStale(step, command, title):
            return "cannot \(step) the \(command): \"\(title)\" was changed since (here or in another shell); nothing was done"
        }
    }
}
