/// `filter [CATEGORY]`: one category of ads, or all again.
struct Filter: ShellCommand {
    static let category = ArgumentSpec("CATEGORY", .category, optional: true, rest: true,
                                       help: "a category name (case and accents do not matter)")
    static let spec = CommandSpec("filter", summary: "show one category of ads; filter alone shows all again",
                                  arguments: [category]) { Filter(category: $0.text(category)) }

    /// As the catalogue spells it (the parser checked it exists).
    let category: String?

    func run(_ c: inout CommandContext) throws -> Display {
        guard try c.store.catalogueSummary() != nil else {
            throw ShellError.usage("filter: no ads are cached yet: type ads or sync URL first")
        }
        c.session.filter = category
        c.session.tab = .ads
        c.session.stack = [.ads]
        return try c.adsList(message: nil)
    }
}
