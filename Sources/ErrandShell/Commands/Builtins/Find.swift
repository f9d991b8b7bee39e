import ErrandDomain

/// `find QUERY`: the items a query matches (QueryParser: words, #tags, priority:, due:, is:,
/// near: with within:, or, -, parentheses); listed like `list`, so `open`, `check`... act on
/// the result. On the ads tab, the ads whose title or description hold the words, within the
/// filter.
struct Find: ShellCommand {
    static let words = ArgumentSpec("QUERY", .query, rest: true, help: "words and terms (help find shows them)")
    static let spec = CommandSpec("find", summary: "items a query matches: words, #tags, priority, due days, states, places (on the ads tab: ads)",
                                  details: Find.grammar,
                                  arguments: [words]) { values in Find(text: try values.requiredText(words)) }

    /// `help find`'s text: README's table says the same with examples.
    static let grammar = """
        Each word matches the start of a word of the title, notes or place, case and accents aside. \
        Terms side by side must all match; or between two lets either; -TERM leaves out what matches; \
        parentheses group. A value with spaces is quoted: near:"Clinique du Parc".
          #TAG                  has the tag, case and accents aside
          !!!  !!  !            priority high, medium, low (or priority:high|medium|low|1-9)
          due:DATE              due that day (DATE as --date takes it: today, fri, +3d, dec 3)
          due:<DATE  due:>DATE  due before it, after it (the day itself left out; <= and >= keep it)
          due:DATE..DATE        due from one through the other, both included (..DATE or DATE.. leave a side open)
          is:STATE              open, done, overdue, repeating, located (has coordinates), undated, subtask
          near:PLACE            open items within 5 km of a place or LAT,LON
          within:DISTANCE       the distance near: keeps (500m, 2km, 3mi)
          list:NAME             in that list (lists shows them), case and accents aside
        Example: find #home (due:<+7d or !!!) -is:done
        A term that leaves out what it matches keeps the items without that value (-!!! keeps \
        those with no priority, -list:work those in the main list). \
        On the ads tab: words in the title or description, cat:NAME (else the filter's), price:<200 \
        and price:>100 (the amount itself left out; <= and >= keep it), price:100..500 (both included), is:urgent, is:pro (the seller has a SIRET), is:private, is:starred, is:hidden, \
        since:3d, since:2w or since:DAY (posted since), \
        sort:price|-price|date (else urgent first, then newest), joined as above (or, -, parentheses; \
        sort: only beside the other terms); back returns to the list.
        """

    /// The words as typed (QueryWords), read in the language of the tab it runs on.
    let text: String

    func run(_ c: inout CommandContext) throws -> Display {
        try Find.show(text, on: c.session.tab == .ads ? .ads : .todos, command: "find", &c)
    }

    /// Lists what `text` finds, read in the language of `tab` (`find` here, `run` a saved search).
    static func show(_ text: String, on tab: SavedSearch.Tab, command: String, _ c: inout CommandContext) throws -> Display {
        switch tab {
        case .todos:
            return try Day.show(root: .found(try todoQuery(text, command: command, c)), &c)
        case .ads:
            let query = try adQuery(text, command: command, c)
            c.session.tab = .ads
            c.session.stack = [.ads, .adsFound(query)]
            return try c.render()
        }
    }

    /// `text` in the to-dos' query language, its `near:` places found.
    static func todoQuery(_ text: String, command: String, _ c: CommandContext) throws -> SearchQuery {
        let today = c.today, words = c.parseContext.dateWords
        let query: SearchQuery
        do {
            query = try SearchQuery.parse(text, today: today) { date in
                try DateInputParser.parse(date, today: today, nearest: true, local: words).day
            }
        } catch {
            throw ShellError.usage("\(command): \(error.description)")
        }
        let main = ItemField.key(try c.mainList())
        return try query.placing { name in try Find.place(name, c) }.markingMain(main)
    }

    /// `text` in the ads' query language, its `cat:` checked against the catalogue.
    static func adQuery(_ text: String, command: String, _ c: CommandContext) throws -> AdQuery {
        let query: AdQuery
        do {
            query = try AdQuery.parse(text, now: c.environment.nowSeconds)
        } catch {
            throw ShellError.usage("\(command): \(error.description)")
        }
        guard let catalogue = try c.store.catalogueSummary() else {
            throw ShellError.usage("\(command): no ads are cached yet: sync URL first")
        }
        if let name = query.categoryNames.first(where: { catalogue.category(named: $0) == nil }) {
            throw ShellError.usage("\(command): no category \"\(name)\" in the catalogue (categories lists them)")
        }
        return query
    }

    /// A `near:` by name, found as `near` finds one.
    static func place(_ name: String, _ c: CommandContext) throws -> Coordinate? {
        if Near.looksLikeCoordinates(name) {
            throw ShellError.usage("find: near:\(name) is not a point on Earth: latitude -90 to 90, longitude -180 to 180")
        }
        switch PlaceLookup.find(name, c) {
        case let .success(match): return match.coordinate
        case .failure(.off):
            throw ShellError.failed("find: cannot place \"\(name)\": geocoding is off (ERRAND_GEOCODER=off); give LAT,LON")
        case let .failure(failure): throw ShellError.failed("find: near:\(name): \(failure)")
        }
    }
}
