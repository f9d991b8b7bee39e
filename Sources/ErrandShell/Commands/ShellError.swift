import ErrandDomain
import ErrandStorage

/// A command's failure as one line. Store and rule errors pass through with their own text.
public enum ShellError: Error, Equatable, Sendable, CustomStringConvertible {
    case usage(String)
    case unknownCommand(String, suggestion: String?)
    case failed(String)

    public var description: String {
        switch self {
        case let .usage(message), let .failed(message):
            return message
        case let .unknownCommand(name, suggestion):
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            if let suggestion { return "unknown command \"\(shown)\": did you mean \"\(suggestion)\"? (help lists all)" }
            return "unknown command \"\(shown)\" (help lists all)"
        }
    }

    /// Wraps any error thrown below the shell into its one line.
    public static func from(_ error: Error) -> ShellError {
        if let shell = error as? ShellError { return shell }
        if let domain = error as? DomainError { return .failed(domain.description) }
        if let store = error as? StoreError { return .failed(store.description) }
        return .failed("\(error)")
    }
}
