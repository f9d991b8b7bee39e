import Foundation

/// A password written into a URL (`https://user:password@host/`) travels apart from it: never
/// on the download helper's command line, which any local user can read in `ps`, and to the
/// server as an Authorization header rather than inside the URL handed to the HTTP stack.
public enum URLPassword {
    /// `url` without its password, and that password as written in it (percent-encoded); nil
    /// when the URL cannot be taken apart, so that it is refused rather than passed on whole.
    public static func split(_ url: URL) -> (url: URL, password: String?)? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        guard let password = parts.percentEncodedPassword else { return (url, nil) }
        parts.percentEncodedPassword = nil
        guard let plain = parts.url else { return nil }
        return (plain, password.isEmpty ? nil : password)
    }

    /// The URL to request (no user, no password) and the Basic Authorization header for the
    /// user in `url` with its own password or `password` (percent-encoded, as `split` gave it).
    /// No header without a password: a user alone is no credential.
    public static func authorization(for url: URL, password: String? = nil) -> (url: URL, header: String?) {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.percentEncodedUser != nil else {
            return (url, nil)
        }
        let user = parts.user ?? ""
        let secret = password.map { $0.removingPercentEncoding ?? $0 } ?? parts.password
        parts.percentEncodedUser = nil
        parts.percentEncodedPassword = nil
        guard let plain = parts.url else { return (url, nil) }
        guard let secret, !secret.isEmpty else { return (plain, nil) }
        return (plain, "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString())
    }
}
