/// `categories`: the ad categories with their counts, numbered for `open N` and `filter N`.
struct Categories: ShellCommand {
    static let spec = CommandSpec("categories", summary: "the ad categories with their counts") { _ in Categories() }

    func run(_ c: inout CommandContext) throws -> Display {
        guard let catalogue = try c.store.catalogueSummary() else {
            throw ShellError.usage("categories: no ads are cached yet: type ads or sync URL first")
        }
        // Numbered rows act: `open 3` or `filter 3` shows that category.
        c.session.listing = catalogue.categories.map { .category($0.name) }
        return Display(screen: .categories(catalogue.categories.map {
            CategoryCount(name: $0.name, count: catalogue.count(in: $0))
        }))
    }
}
