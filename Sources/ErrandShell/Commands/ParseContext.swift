import ErrandDomain

/// What the parser checks values against: today's date, the rows of the last listing, the
/// command table and, only when a category is typed, the cached catalogue.
public struct ParseContext {
    public var today: DueDay
    public var listing: [ListingRow]
    public var table: CommandTable
    public var catalogue: () throws -> CatalogueSummary?

    public init(today: DueDay, listing: [ListingRow] = [], table: CommandTable = .standard,
                catalogue: @escaping () throws -> CatalogueSummary? = { nil }) {
        self.today = today
        self.listing = listing
        self.table = table
        self.catalogue = catalogue
    }

    /// `N` resolved against the last listing.
    func row(_ text: String, command: String) throws(ShellError) -> ListingRow {
        guard !listing.isEmpty else {
            throw .usage("\(command): nothing is listed yet: view, list or day DATE first")
        }
        guard let n = Int(text), n >= 1, n <= listing.count else {
            throw .usage("\(command): no row \(ShellError.quote(text)): choose a number from 1 to \(listing.count)")
        }
        return listing[n - 1]
    }

    /// A category name as the catalogue spells it (case and accents do not matter when typed).
    func category(_ text: String, command: String) throws(ShellError) -> String {
        let summary: CatalogueSummary?
        do {
            summary = try catalogue()
        } catch {
            throw ShellError.from(error)
        }
        guard let summary else {
            throw .usage("\(command): no ads are cached yet: type ads or sync URL first")
        }
        guard let category = summary.category(named: text) else {
            let names = summary.categories.map(\.name).joined(separator: ", ")
            throw .usage("\(command): no category \(ShellError.quote(text)); choose one of \(names)")
        }
        return category.name
    }
}
