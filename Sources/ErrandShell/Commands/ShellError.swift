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
            // Any message may quote what was typed, and what was typed may hold a password.
            return Secrets.redacted(message)
        case let .unknownCommand(name, suggestion):
            if let suggestion { return "unknown command \(ShellError.quote(name)): did you mean \"\(suggestion)\"? (help lists all)" }
            return "unknown command \(ShellError.quote(name)) (help lists all)"
        }
    }

    /// Quotes what the user typed, cut to 40 characters: an error stays one readable line
    /// even when the input was a megabyte.
    public static func quote(_ text: String) -> String {
        // Masked before the cut, which could leave a password without the @ that marks it.
        "\"" + cut(Secrets.redacted(text)) + "\""
    }

    public static func cut(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// Wraps any error thrown below the shell into its one line.
    public static func from(_ error: Error) -> ShellError {
        if let shell = error as? ShellError { return shell }
        if let domain = error as? DomainError { return .failed(domain.description) }
        if let store = error as? StoreError { return .failed(store.description) }
        return .failed("\(error)")
    }
}
