import ErrandDomain
import ErrandStorage

/// `star N...` and `unstar N...`: favourite ads, kept in the cache after they leave the
/// listing (marked gone) until unstarred; `find is:starred` lists them.
struct Star: ShellCommand {
    static let star = AdMark.spec("star", summary: "star ads: kept after they leave the listing, found by find is:starred") {
        Star(rows: $0, starred: true)
    }
    static let unstar = AdMark.spec("unstar", summary: "unstar ads (a starred ad gone from the listing then leaves the cache)") {
        Star(rows: $0, starred: false)
    }

    let rows: String
    let starred: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        try AdMark.star(starred).apply(rows, &c)
    }
}
