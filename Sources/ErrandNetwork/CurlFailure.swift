import CCurl
import ErrandHelpers

/// What a libcurl failure means to errand: the same CatalogueError cases, and so the same
/// one-line messages, that the URLSession helper gave.
enum CurlFailure {
    /// `timeout` is what a timed-out request says: the catalogue path names its total limit
    /// whichever fired, as it always did; the CalDAV path tells its two limits apart.
    static func error(_ code: CURLcode, url: String, detail: String, timeout: CatalogueError) -> CatalogueError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return timeout
        case CURLE_COULDNT_CONNECT:
            return .unreachable(url: url, reason: "connection refused")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .unreachable(url: url, reason: "unknown host (offline?)")
        // The connection went before the whole answer came: fewer bytes than announced, or a
        // reset (URLSession's "network connection lost").
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2_STREAM, CURLE_HTTP2:
            return .truncated(url: url)
        case CURLE_GOT_NOTHING:
            return .unreachable(url: url, reason: "the server closed the connection without answering")
        case CURLE_TOO_MANY_REDIRECTS:
            return .unreachable(url: url, reason: "too many redirects")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unreachable(url: url, reason: "redirected to a URL that is not http or https")
        case CURLE_URL_MALFORMAT:
            return .unsupportedURL(url)
        default:
            return .unreachable(url: url, reason: detail)
        }
    }
}
