/// English counts ("1 item", "3 items").
enum Plural {
    static func items(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }
    static func ads(_ n: Int) -> String { n == 1 ? "1 ad" : "\(n) ads" }
}
