import ErrandDomain
import ErrandStorage

/// A mark set on rows of ads (a star, the hidden mark): journaled as a change undo cannot
/// revert, so that undo says so instead of reverting the one before; a list keeps its
/// numbering until listed again (mark 3, then mark 4, means the rows seen), a detail shows it.
struct AdMark {
    let command: String
    /// `starred`, `hid`: what the message says was done.
    let verb: String
    /// `already starred`, `already hidden`: what the rows left alone were.
    let already: String
    let saved: String
    let set: (ErrandStore, [Int64], JournalContext) throws -> Int

    static func star(_ on: Bool) -> AdMark {
        AdMark(command: on ? "star" : "unstar", verb: on ? "starred" : "unstarred",
               already: on ? "already starred" : "already not starred", saved: "the stars were saved") { store, ids, journal in
            try store.setStarred(on, ids: ids, journaled: journal)
        }
    }

    static func hide(_ on: Bool) -> AdMark {
        AdMark(command: on ? "hide" : "unhide", verb: on ? "hid" : "unhid",
               already: on ? "already hidden" : "already shown", saved: "the hidden marks were saved") { store, ids, journal in
            try store.setHidden(on, ids: ids, journaled: journal)
        }
    }

    static let rows = ArgumentSpec("N", .adRows, rest: true, help: "row numbers of the ads listed: 1 3 5, 1,2, 2-4")

    /// A command that sets or clears a mark on the rows named (star, unstar, hide, unhide).
    static func spec(_ name: String, summary: String, make: @escaping @Sendable (String) -> any ShellCommand) -> CommandSpec {
        CommandSpec(name, summary: summary, arguments: [rows], effect: .changesStore) { make(try $0.requiredText(rows)) }
    }

    func apply(_ rows: String, _ c: inout CommandContext) throws -> Display {
        let ads = try c.parseContext.ads(rows, command: command)
        let journal = JournalContext(command: command, time: c.environment.clock.now)
        let changed = try c.commit(saved: saved) { environment in try set(environment.store, ads.map(\.id), journal) }
        let message = changed == ads.count ? "\(verb) \(Plural.ads(changed))"
            : "\(verb) \(Plural.ads(changed)) (\(ads.count - changed) \(already))"
        if case .ad? = c.session.route { return try c.render(message: message) }
        return Display(message: message)
    }
}
