import ErrandDomain

/// Why a place was not located, as the one line the user reads after "not located: ".
public enum GeocodeFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// ERRAND_GEOCODER=off, or errand's own tests and transcripts.
    case off
    /// The service answered and knows no such place.
    case noMatch(String)
    /// The service could not be asked, or its answer could not be used.
    case failed(String)

    public var description: String {
        switch self {
        case .off: return "geocoding is off (ERRAND_GEOCODER=off)"
        case let .noMatch(query): return "no place called \"\(TextSafety.neutralised(query))\" was found"
        case let .failed(reason): return reason
        }
    }

    /// The download's failure, said about the service (its host) rather than a long URL.
    static func from(_ error: CatalogueError, host: String) -> GeocodeFailure {
        switch error {
        case let .unreachable(_, reason): return .failed("cannot reach \(host): \(reason)")
        case let .status(_, code): return .failed("\(host) answered HTTP \(code)")
        case .contentType(_, let type): return .failed("\(host) sent \(type), not JSON")
        case let .tooLarge(_, limit): return .failed("\(host) sent more than \(limit / 1024) KB")
        case let .timedOut(_, seconds), let .stalled(_, seconds): return .failed("\(host) did not answer within \(Int(seconds)) s")
        case .truncated: return .failed("\(host)'s answer was cut short")
        case let .malformed(_, reason), let .invalid(_, reason): return .failed("\(host)'s answer is unusable: \(reason)")
        case .unsupportedURL: return .failed("cannot ask \(host): use an http or https geocoder URL")
        case .cancelled: return .failed("the lookup was cancelled")
        }
    }
}
