/// `categories`: the ad categories with their counts.
struct Categories: ShellCommand {
    static let spec = CommandSpec("categories", summary: "the ad categories with their counts") { _ in Categories() }

    func run(_ c: inout CommandContext) throws -> Display {
        guard let catalogue = try c.store.catalogueSummary() else {
            throw ShellError.usage("categories: no ads are cached yet: type ads or sync URL first")
        }
        return Display(screen: .categories(catalogue.categories.map {
            CategoryCount(name: $0.name, count: catalogue.count(in: $0))
        }))
    }
}
