import ErrandDomain

/// What the parser checks values against: today's date, the rows of the last listing, the
/// command table and, only when a category is typed, the cached catalogue.
public struct ParseContext {
    public var today: DueDay
    public var listing: [ListingRow]
    /// Row 0, when the listing has one (the week's Overdue row).
    public var zero: ListingRow?
    public var table: CommandTable
    public var catalogue: () throws -> CatalogueSummary?
    /// The screen language's day and month names, so dates typed as the screen shows them read.
    public var dateWords: LocalDateWords
    /// A streamed list's row (ListedItem) as stored now, with its number; nil where the store
    /// must not be read (the prompt's check at every key), and such rows are taken as items.
    public var current: ((ListedItem, Int) throws -> TodoItem)?

    public init(today: DueDay, listing: [ListingRow] = [], zero: ListingRow? = nil, table: CommandTable = .standard,
                catalogue: @escaping () throws -> CatalogueSummary? = { nil }, dateWords: LocalDateWords = LocalDateWords(),
                current: ((ListedItem, Int) throws -> TodoItem)? = nil) {
        self.today = today
        self.current = current
        self.dateWords = dateWords
        self.listing = listing
        self.zero = zero
        self.table = table
        self.catalogue = catalogue
    }

    /// `N` resolved against the last listing (a streamed row read as stored now).
    func row(_ text: String, command: String) throws(ShellError) -> ListingRow {
        let row = try listed(text, command: command)
        guard case let .listed(listed) = row, let current else { return row }
        return .item(try read(listed, row: Int(text) ?? 0, current))
    }

    /// `N` of the last listing as it keeps it.
    private func listed(_ text: String, command: String) throws(ShellError) -> ListingRow {
        guard !listing.isEmpty else {
            throw .usage("\(command): nothing is listed yet: view, list or day DATE first")
        }
        if let zero, text == "0" { return zero }
        guard let n = Int(text), n >= 1, n <= listing.count else {
            let first = zero == nil ? 1 : 0
            throw .usage("\(command): no row \(ShellError.quote(text)): choose a number from \(first) to \(listing.count)")
        }
        return listing[n - 1]
    }

    private func read(_ listed: ListedItem, row: Int, _ current: (ListedItem, Int) throws -> TodoItem) throws(ShellError) -> TodoItem {
        do {
            return try current(listed, row)
        } catch {
            throw ShellError.from(error)
        }
    }

    /// `N` resolved against the last listing, which must be an item there.
    func item(_ text: String, command: String) throws(ShellError) -> TodoItem {
        switch try itemRow(text, command: command) {
        case let .item(item): return item
        case let .listed(listed):
            // Only the prompt's check has no store, and it asks itemRow.
            guard let current else { throw .failed("\(command): row \(text) cannot be read here") }
            return try read(listed, row: Int(text) ?? 0, current)
        default: throw .failed("\(command): row \(text) is no item")
        }
    }

    /// `N` of the last listing, refused unless it is an item there, not read again.
    func itemRow(_ text: String, command: String) throws(ShellError) -> ListingRow {
        let row = try listed(text, command: command)
        switch row {
        case .item, .listed: return row
        case let .later(item, label):
            // Checked here, the series would move on from its open occurrence, not this one.
            throw .usage("\(command): row \(text) is a later occurrence of \"\(item.title)\": \(command) its open one, on \(label)")
        case .day, .overdue, .undated: throw .usage("\(command): the rows listed are days: open one first")
        case .ad: throw .usage("\(command): ads cannot be changed here, only opened")
        case .category: throw .usage("\(command): the rows listed are categories: open one to see its ads")
        case .tag: throw .usage("\(command): the rows listed are tags: open one to list its items")
        case .conflict: throw .usage("\(command): the rows listed are conflicts: open one to see both sides, or keep here|there|both N")
        }
    }

    /// `1 3 5`, `2-4` and mixes, resolved against the last listing: every row must be an item;
    /// a row named twice counts once.
    func items(_ text: String, command: String) throws(ShellError) -> [TodoItem] {
        let numbers = try itemRowNumbers(text, command: command)
        return try numbers.map { n throws(ShellError) in try item(String(n), command: command) }
    }

    /// The rows of `items(_:command:)`, each checked to be an item, none read again.
    func itemRowNumbers(_ text: String, command: String) throws(ShellError) -> [Int] {
        let numbers = try rowNumbers(text, command: command)
        for n in numbers { _ = try itemRow(String(n), command: command) }
        return numbers
    }

    /// The same for ads (star, unstar): every row must be an ad.
    func ads(_ text: String, command: String) throws(ShellError) -> [Ad] {
        try rowNumbers(text, command: command).map { n throws(ShellError) in
            guard case let .ad(ad) = try listed(String(n), command: command) else {
                throw .usage("\(command): row \(n) is not an ad: list the ads first (ads, find, run)")
            }
            return ad
        }
    }

    /// `1 3 5`, `2-4`, `1,2`, each row checked against the listing, each once, in order.
    private func rowNumbers(_ text: String, command: String) throws(ShellError) -> [Int] {
        // `1,2` and `1, 3`, and a `;` typed at the end out of SQL habit, separate rows too.
        let words = text.split { $0 == " " || $0 == "," || $0 == ";" }
        // Nothing but spaces is no row at all, and is named as such.
        if words.isEmpty { _ = try row(text, command: command) }
        var numbers: [Int] = []
        for word in words {
            let ends = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard ends.count == 2, let low = Int(ends[0]), let high = Int(ends[1]) else {
                numbers.append(try index(String(word), command: command))
                continue
            }
            guard low <= high else {
                throw .usage("\(command): the range \(ShellError.quote(String(word))) runs backwards: write \(high)-\(low)")
            }
            _ = try index(String(low), command: command)
            _ = try index(String(high), command: command)
            numbers += Array(low...high)
        }
        var seen = Set<Int>()
        return numbers.filter { seen.insert($0).inserted }
    }

    /// A row number checked against the listing, as a number.
    private func index(_ text: String, command: String) throws(ShellError) -> Int {
        _ = try listed(text, command: command)
        return Int(text) ?? 0
    }

    /// Whether a word can be a row or a range of rows (`3`, `2-4`), before it is checked.
    static func looksLikeRows(_ word: String) -> Bool {
        let parts = word.split { $0 == "," || $0 == ";" }
        return !parts.isEmpty && parts.allSatisfy { part in
            part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
                && part.first != "-" && part.filter({ $0 == "-" }).count <= 1
        }
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
        // A row of `categories`, as numbered there.
        if !listing.isEmpty, let n = Int(text), n >= 1, n <= listing.count, case let .category(name) = listing[n - 1] {
            return name
        }
        guard let category = summary.category(named: text) else {
            let names = summary.categories.map(\.name).joined(separator: ", ")
            throw .usage("\(command): no category \(ShellError.quote(text)); choose one of \(names)")
        }
        return category.name
    }
}
