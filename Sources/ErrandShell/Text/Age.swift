/// "5 minutes", "2 hours", "3 days": how old a cache is, in words.
enum Age {
    static func describe(_ seconds: Int64) -> String {
        let s = max(seconds, 0)
        func unit(_ n: Int64, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        if s < 60 { return unit(s, "second") }
        if s < 3_600 { return unit(s / 60, "minute") }
        if s < 86_400 { return unit(s / 3_600, "hour") }
        return unit(s / 86_400, "day")
    }
}
