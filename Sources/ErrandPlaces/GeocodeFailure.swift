import ErrandDomain
import ErrandHelpers

/// Why a place was not located, as the one line the user reads after "not located: ".
public enum GeocodeFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// ERRAND_GEOCODER=off, or errand's own tests and transcripts.
    case off
    /// The service answered and knows no such place.
    case noMatch(String)
    /// The service could not be asked, or its answer could not be used.
    case failed(String)
    /// The service could not be reached at all (no network, no such host, silence): the
    /// geocoder then stops asking for the rest of the process (see Geocoder.locate).
    case unreachable(String)
    /// Not asked, since the service was unreachable earlier in this process: the reason then.
    case skipped(String)

    public var description: String {
        switch self {
        case .off: return "geocoding is off (ERRAND_GEOCODER=off)"
        case let .noMatch(query): return "no place called \"\(TextSafety.neutralised(query))\" was found"
        case let .failed(reason), let .unreachable(reason): return reason
        case let .skipped(reason): return reason + " earlier in this session, so it was not asked again"
        }
    }

    /// The download's failure, said about the service (its host) rather than a long URL.
    static func from(_ error: CatalogueError, host: String) -> GeocodeFailure {
        switch error {
        case let .unreachable(_, reason): return .unreachable("cannot reach \(host): \(reason)")
        case let .status(_, code): return .failed("\(host) answered HTTP \(code)")
        case .contentType(_, let type): return .failed("\(host) sent \(type), not JSON")
        case let .tooLarge(_, limit): return .failed("\(host) sent more than \(limit / 1024) KB")
        case let .timedOut(_, seconds), let .stalled(_, seconds): return .unreachable("\(host) did not answer within \(Int(seconds)) s")
        case .truncated: return .failed("\(host)'s answer was cut short")
        case let .malformed(_, reason), let .invalid(_, reason): return .failed("\(host)'s answer is unusable: \(reason)")
        case .unsupportedURL: return .failed("cannot ask \(host): use an http or https geocoder URL")
        case .cancelled: return .failed("the lookup was cancelled")
        }
    }
}
