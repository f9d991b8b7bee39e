import CCurl

/// libcurl's process-wide set-up, done once before the first handle (curl_easy_init would do
/// it unasked, but not safely when two threads make their first handles at once).
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func ensure() {
        _ = initialized
    }
}
