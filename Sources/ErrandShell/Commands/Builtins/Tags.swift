import ErrandDomain

/// `tags`: every tag in the store with how many open items hold it, numbered: `open N` lists
/// that tag's items (as `find #TAG`).
struct Tags: ShellCommand {
    static let spec = CommandSpec("tags", summary: "every tag with its count of open items; open N lists one tag's items") { _ in
        Tags()
    }

    func run(_ c: inout CommandContext) throws -> Display {
        let counts = try c.store.wordCounts(.tags)
        c.session.listing = counts.map { .tag($0.word) }
        return Display(screen: .tags(counts))
    }
}
