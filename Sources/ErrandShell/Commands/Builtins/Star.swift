import ErrandDomain
import ErrandStorage

/// `star N...` and `unstar N...`: favourite ads, kept in the cache after they leave the
/// listing (marked gone) until unstarred; `find is:starred` lists them.
struct Star: ShellCommand {
    static let rows = ArgumentSpec("N", .adRows, rest: true, help: "row numbers of the ads listed: 1 3 5, 1,2, 2-4")
    static let star = CommandSpec("star", summary: "star ads: kept after they leave the listing, found by find is:starred",
                                  arguments: [rows], effect: .changesStore) { Star(rows: try $0.requiredText(rows), starred: true) }
    static let unstar = CommandSpec("unstar", summary: "unstar ads (a starred ad gone from the listing then leaves the cache)",
                                    arguments: [rows], effect: .changesStore) { Star(rows: try $0.requiredText(rows), starred: false) }

    let rows: String
    let starred: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        try AdMark(command: starred ? "star" : "unstar", verb: starred ? "starred" : "unstarred",
                   already: starred ? "already starred" : "already not starred", saved: "the stars were saved") { store, ids, journal in
            try store.setStarred(starred, ids: ids, journaled: journal)
        }.apply(rows, &c)
    }
}
