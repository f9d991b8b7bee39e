/// Why a terminal test could not go on; each shows the screen it last saw.
public enum TmuxFailure: Error, CustomStringConvertible {
    case notStarted
    case neverReady(screen: String)
    case neverShown(what: String, screen: String)
    case ended(screen: String)

    public var description: String {
        switch self {
        case .notStarted: "the terminal was driven before start"
        case let .neverReady(screen): "errand never said it waits for input; the screen:\n\(screen)"
        case let .neverShown(what, screen): "the screen never showed \(what):\n\(screen)"
        case let .ended(screen): "errand has ended, so nothing can be typed at it; the screen:\n\(screen)"
        }
    }
}
