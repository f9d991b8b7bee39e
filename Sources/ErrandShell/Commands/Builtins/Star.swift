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
        let command = starred ? "star" : "unstar"
        let ads = try c.parseContext.ads(rows, command: command)
        let now = c.environment.clock.now
        // Journaled as a change undo cannot revert, so that undo says so instead of reverting the one before.
        let changed = try c.commit(saved: "the stars were saved") { environment in
            try environment.store.setStarred(starred, ids: ads.map(\.id), journaled: JournalContext(command: command, time: now))
        }
        let verb = starred ? "starred" : "unstarred"
        let message = changed == ads.count ? "\(verb) \(Plural.ads(changed))"
            : "\(verb) \(Plural.ads(changed)) (\(ads.count - changed) already \(starred ? "starred" : "not starred"))"
        // A list keeps its numbering (and its page) until listed again; a detail shows the star.
        if case .ad? = c.session.route { return try c.render(message: message) }
        return Display(message: message)
    }
}
