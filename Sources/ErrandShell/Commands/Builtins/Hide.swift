import ErrandDomain
import ErrandStorage

/// `hide N...` and `unhide N...`: an ad left out of lists, finds, counts and alerts until
/// unhidden, its re-posts with it (a sync marks a re-post as it marks a star: same title, text
/// and seller). `hidden` lists them. Like a star, not undone by undo: unhide reverts it.
struct Hide: ShellCommand {
    static let hide = AdMark.spec("hide", summary: "hide ads, and their re-posts, from lists, finds and alerts (hidden lists them)") {
        Hide(rows: $0, hidden: true)
    }
    static let unhide = AdMark.spec("unhide", summary: "show hidden ads again (hidden lists them)") { Hide(rows: $0, hidden: false) }
    static let list = CommandSpec("hidden", summary: "the hidden ads, numbered for unhide N and open N") { _ in HiddenList() }

    let rows: String
    let hidden: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        try AdMark.hide(hidden).apply(rows, &c)
    }
}
