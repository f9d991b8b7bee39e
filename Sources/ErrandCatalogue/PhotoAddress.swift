import ErrandDomain
import FoundationEssentials

/// Where an ad's photos are. A catalogue may name them relative to itself (`images/1.jpg`), so
/// a folder of ads carries its own photos and shows them offline: such a name is read against
/// the catalogue's own location, as a web page's links are. A local file is a photo only for a
/// catalogue read from disk: one from the network must not make errand open files of yours.
public enum PhotoAddress {
    public static let notWeb = "the photo's address is not an http or https URL"

    /// The ad's photos to try, best first: the thumbnail, then the small image (an empty or
    /// unusable one is passed over for the other), each as an absolute URL or why it is none.
    public static func candidates(_ ad: Ad, catalogue source: String?) -> [Result<String, PhotoRefusal>] {
        [ad.thumbImage, ad.smallImage].compactMap { $0 }.filter { !TextSafety.trimmed($0).isEmpty }
            .map { resolve($0, against: source) }
    }

    /// The first photo that can be tried, for downloading ahead (`sync --images`).
    public static func first(_ ad: Ad, catalogue source: String?) -> String? {
        for candidate in candidates(ad, catalogue: source) {
            if case let .success(url) = candidate { return url }
        }
        return nil
    }

    /// `raw` as an absolute http, https or (for a catalogue on disk) file URL.
    public static func resolve(_ raw: String, against source: String?) -> Result<String, PhotoRefusal> {
        let text = TextSafety.trimmed(raw)
        let base = source.flatMap { URL(string: $0.hasSuffix("/") ? $0 : $0 + "/") }
        let absolute = URL(string: text).flatMap { $0.scheme == nil ? nil : $0 }
            ?? base.flatMap { URL(string: text, relativeTo: $0)?.absoluteURL }
        guard let absolute, let scheme = absolute.scheme?.lowercased() else { return .failure(PhotoRefusal(notWeb)) }
        if scheme == "http" || scheme == "https" { return .success(absolute.absoluteString) }
        if scheme == "file", base?.isFileURL == true { return .success(absolute.absoluteString) }
        return .failure(PhotoRefusal(notWeb))
    }
}
