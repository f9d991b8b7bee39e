import ErrandDomain
import ErrandStorage

/// `hide N...` and `unhide N...`: an ad left out of lists, finds, counts and alerts until
/// unhidden, its re-posts with it (a sync marks a re-post as it marks a star: same title, text
/// and seller). `hidden` lists them. Like a star, not undone by undo: unhide reverts it.
struct Hide: ShellCommand {
    static let hide = CommandSpec("hide", summary: "hide ads, and their re-posts, from lists, finds and alerts (hidden lists them)",
                                  arguments: [Star.rows], effect: .changesStore) { Hide(rows: try $0.requiredText(Star.rows), hidden: true) }
    static let unhide = CommandSpec("unhide", summary: "show hidden ads again (hidden lists them)",
                                    arguments: [Star.rows], effect: .changesStore) { Hide(rows: try $0.requiredText(Star.rows), hidden: false) }
    static let list = CommandSpec("hidden", summary: "the hidden ads, numbered for unhide N and open N") { _ in HiddenList() }

    let rows: String
    let hidden: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        let command = hidden ? "hide" : "unhide"
        let ads = try c.parseContext.ads(rows, command: command)
        let now = c.environment.clock.now
        // Journaled as a change undo cannot revert, so that undo says so instead of reverting the one before.
        let changed = try c.commit(saved: "the hidden marks were saved") { environment in
            try environment.store.setHidden(hidden, ids: ads.map(\.id), journaled: JournalContext(command: command, time: now))
        }
        let verb = hidden ? "hid" : "unhid"
        let message = changed == ads.count ? "\(verb) \(Plural.ads(changed))"
            : "\(verb) \(Plural.ads(changed)) (\(ads.count - changed) already \(hidden ? "hidden" : "shown"))"
        // A list keeps its numbering until listed again (hide 3 then hide 4 means the rows
        // seen); a detail shows the mark.
        if case .ad? = c.session.route { return try c.render(message: message) }
        return Display(message: message)
    }
}
