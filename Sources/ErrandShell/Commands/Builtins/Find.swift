import ErrandDomain

/// `find WORDS`: items whose title, notes or place have words starting with each of WORDS,
/// case and accents aside; listed like `list`, so `open`, `check`... act on the result. On
/// the ads tab, the ads whose title or description do, within the filter.
struct Find: ShellCommand {
    static let words = ArgumentSpec("WORDS", .text, rest: true, help: "what to look for (ecole finds École)")
    static let spec = CommandSpec("find", summary: "items whose title, notes or place hold every word (on the ads tab: ads)",
                                  details: "Each word matches the start of a word, case and accents aside. On the ads tab, "
                                      + "find looks in ad titles and descriptions, within the filter; back returns to the list.",
                                  arguments: [words]) { values in
        guard let query = SearchQuery(try values.requiredText(words)) else {
            throw ShellError.usage("find: say what to look for, in letters or digits")
        }
        return Find(query: query)
    }

    let query: SearchQuery

    func run(_ c: inout CommandContext) throws -> Display {
        guard c.session.tab == .ads else { return try Day.show(root: .found(query), &c) }
        guard try c.store.catalogueSummary() != nil else {
            throw ShellError.usage("find: no ads are cached yet: sync URL first")
        }
        c.session.stack = [.ads, .adsFound(query)]
        return try c.render()
    }
}
