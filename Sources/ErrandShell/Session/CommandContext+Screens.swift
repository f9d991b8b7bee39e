import ErrandCatalogue
import ErrandDomain
import ErrandStorage

/// Showing screens: each is read from the store once, here, and handed to the presenters as
/// values; the rows shown become the listing that numbers refer to.
extension CommandContext {
    /// Shows the screen on top of the current tab. A list shows its first page or, when
    /// `continuing` (`more`), the page after the rows already listed; `keep` shows as many
    /// rows as were listed before a change.
    mutating func render(message: String? = nil, continuing: Bool = false, keep: Int = 0) throws -> Display {
        let labeler = environment.labeler
        switch session.route {
        case let .week(start)?:
            return try weekScreen(from: start, message: message)
        case .day?, .all?, .added?, .found?, .overdue?, .undated?:
            guard let route = session.route, let list = ItemList(route, labeler: labeler) else {
                return Display(message: message)
            }
            var display = try itemsPage(list, message: message, continuing: continuing, keep: keep)
            if case let .found(query)? = session.route {
                display.query = QueryReading(text: query.description, outline: query.expression.outline)
            }
            return display
        case let .item(shown)?:
            return try itemDetail(shown, message: message, continuing: continuing, keep: keep)
        case let .near(centre)?:
            return try nearbyPage(centre, message: message, continuing: continuing, keep: keep)
        case let .help(command, shown)?:
            return try helpPage(command: command, shown: shown, continuing: continuing)
        case .createForm?, nil:
            return Display(message: message, screen: .form(Create.hint))
        case .board?:
            return try boardScreen(message: message)
        case .ads?:
            return try adsList(message: message, continuing: continuing)
        case let .adsFound(query)?:
            var display = try adsList(message: message, continuing: continuing, matching: query)
            display.query = QueryReading(text: query.description, outline: query.outline)
            return display
        case let .ad(id)?:
            guard let found = try store.ad(id: id) else {
                session.stack.removeLast()
                return try render(message: message)
            }
            return Display(message: message, screen: .adDetail(found.ad, category: found.category ?? "?",
                                                               picture: picture(of: found.ad),
                                                               earlier: try store.earlierPrices(of: id)))
        }
    }

    /// The week from `start`, its Overdue row (from today only) and its No date row.
    private mutating func weekScreen(from start: DueDay, message: String?) throws -> Display {
        let labeler = environment.labeler
        // A repeating item counts on each day an occurrence of it falls, once a day.
        let later = try LaterOccurrences(self, in: start...start.adding(days: 6))
        let counts = try weekCounts(from: start).enumerated().map { $1 + later.count(on: start.adding(days: $0)) }
        let rows = WeekRow.week(from: start, counts: counts, labeler: labeler)
        let overdue = start == today ? try store.count(try narrowed(.overdue(before: today))) : 0
        let undated = try store.count(try narrowed(.due(.on(nil), openOnly: true)))
        // The No date row is numbered after the days (8), as Overdue is before them (0):
        // the days keep 1-7 whichever rows are shown.
        session.listing = rows.map { .day($0.day) } + (undated > 0 ? [.undated] : [])
        if overdue > 0 { session.listingZero = .overdue(before: today) }
        return Display(message: message, screen: .week(rows: rows, today: today, overdue: overdue, undated: undated),
                       notice: later.notice)
    }

    /// An item's detail as stored now, with a page of its subtasks.
    private mutating func itemDetail(_ shown: TodoItem, message: String?, continuing: Bool, keep: Int) throws -> Display {
        let labeler = environment.labeler
        guard let item = try store.item(id: shown.id) else {
            // Gone (swiped here or elsewhere): show the list it came from instead.
            session.stack.removeLast()
            return try render(message: message)
        }
        session.stack[session.stack.count - 1] = .item(item)
        // The matched address is a nicety: a cache that cannot be read does not hide the item.
        let matched = item.location.flatMap { try? store.matchedAddress(for: $0) }
        // A parent's subtasks are listed under its detail, numbered and paged as a list's
        // rows are (`more` shows the next page of them alone).
        let total = try store.subtaskCount(of: item)
        let page = try ListPage(session, continuing: continuing, keep: keep, total: total, describe: Plural.subtasks)
        let subtasks = ListTree(flat: try store.subtasks(of: item, offset: page.start, limit: page.limit))
        if !subtasks.rows.isEmpty { session.listing = page.listing(session, adding: subtasks.rows.map { .item($0) }) }
        if continuing {
            return Display(message: message, screen: .items(day: nil, dated: true, heading: "Subtasks of \"\(item.title)\"",
                                                            rows: subtasks.rows, first: page.start + 1, total: total,
                                                            empty: "", tree: subtasks))
        }
        let under = try item.parent.flatMap { try store.item(uid: $0) }?.title
        return Display(message: message, screen: .detail(item, dayLabel: labeler.longLabel(item.due), matched: matched,
                                                         subtasks: subtasks, subtaskTotal: total, under: under,
                                                         left: try occurrencesLeft(item)))
    }

    /// The occurrences left of an open series that ends after a number of them (COUNT), this
    /// one among them: its count less those recorded done before this one (a series moves on
    /// to its first occurrence not done, so those are the ones it passed). A client that
    /// rolls its series forward lowers COUNT instead and records none: the same sum.
    private func occurrencesLeft(_ item: TodoItem) throws -> Int? {
        guard let count = item.repeats?.rule?.count, !item.isDone, let due = item.due else { return nil }
        let passed = try store.readRecords { try $0.occurrences(of: item.uid) }
            .filter { occurrence in occurrence.isDone && occurrence.due.map { $0 < due } == true }.count
        return count > passed ? count - passed : nil
    }

    /// The ad's photo (its thumbnail, or the small image when the thumbnail has no usable
    /// address or cannot be had) when photos are on and the output is text at a terminal;
    /// JSON keeps the URLs only. When neither can be shown, the first one's reason is said.
    private func picture(of ad: Ad) -> Picture? {
        guard session.images, session.output == .text, environment.drawsPictures, let source = environment.pictures else {
            return nil
        }
        let catalogue = (try? store.catalogueSummary())??.source
        var first: Picture?
        for candidate in PhotoAddress.candidates(ad, catalogue: catalogue) {
            let picture: Picture
            switch candidate {
            case let .success(url): picture = source.picture(for: url)
            case let .failure(refusal): picture = .unavailable(refusal.description)
            }
            if case .drawn = picture { return picture }
            first = first ?? picture
        }
        return first
    }

    /// One page of a list of items (see ListPage), so `check 3` still works after `more`.
    private mutating func itemsPage(_ list: ItemList, message: String?, continuing: Bool, keep: Int) throws -> Display {
        let query = try narrowed(list.query)
        let total = try store.count(query.selection)
        if session.rowsPerPage == nil, total > environment.streamRows, !continuing {
            return try itemsPart(list, query, total: total, start: 0, after: nil, message: message)
        }
        let page = try ListPage(session, continuing: continuing, keep: keep, total: total, describe: Plural.items)
        let tree = try ListTree(store.items(query, offset: page.start, limit: page.limit), store: store)
        session.listing = page.listing(session, adding: tree.rows.map { .item($0) })
        var display = itemsDisplay(list, tree, first: page.start + 1, total: total, message: message)
        // A day's later occurrences follow its own items, on the page that ends them.
        if let day = list.day, page.start + tree.rows.count >= total {
            let later = try LaterOccurrences(self, in: day...day)
            let series = later.byDay[day] ?? []
            if !series.isEmpty, case let .items(d, dated, heading, rows, first, total, empty, tree, _)? = display.screen {
                session.listing += series.map { .later($0, openLabel: environment.labeler.longLabel($0.listDay)) }
                display.screen = .items(day: d, dated: dated, heading: heading, rows: rows, first: first, total: total,
                                        empty: empty, tree: tree, later: series)
            }
            display.notice = display.notice ?? later.notice
        }
        return display
    }

    /// A page or part of a list of items as the presenters take it.
    private func itemsDisplay(_ list: ItemList, _ tree: ListTree, first: Int, total: Int, message: String?) -> Display {
        let heading = tree.rows.isEmpty && list.emptySaysItAll ? "" : list.heading
        return Display(message: message, screen: .items(day: list.day, dated: list.showsDates, heading: heading, rows: tree.rows,
                                                        first: first, total: total, empty: list.empty, tree: tree),
                       notice: tree.warning)
    }

    /// The part of a streamed list (ListPart) from row `start`: its rows join the listing as
    /// ListedItems, so the listing never holds the list's items.
    private mutating func itemsPart(_ list: ItemList, _ query: ItemQuery, total: Int, start: Int, after: Bool?,
                                    message: String?) throws -> Display {
        let tree = try ListTree(store.items(query, offset: start, limit: environment.streamRows), store: store)
        let listed = tree.rows.map { ListingRow.listed(ListedItem($0)) }
        if start == 0 { session.listing = listed } else { session.listing.append(contentsOf: listed) }
        var display = itemsDisplay(list, tree, first: start + 1, total: total, message: message)
        display.part = ListPart(continues: !tree.rows.isEmpty && start + tree.rows.count < total, after: after)
        return display
    }

    /// The part of the streamed list on screen after the rows listed so far; nil when it has
    /// ended (or the screen is no streamed list). `after`: whether the last row shown was done.
    mutating func nextPart(after: Bool?) throws -> Display? {
        guard session.rowsPerPage == nil, let route = session.route, let list = ItemList(route, labeler: environment.labeler)
        else { return nil }
        let query = try narrowed(list.query)
        let total = try store.count(query.selection)
        let start = session.listing.count
        guard start < total else { return nil }
        return try itemsPart(list, query, total: total, start: start, after: after, message: nil)
    }

    /// The week's open counts, of the list in use only when there is one (counted a day at a
    /// time). An item not started yet counts on its day, as the day lists it.
    private func weekCounts(from start: DueDay) throws -> [Int] {
        guard session.list != nil else { return try store.openCounts(from: start, days: 7) }
        return try (0..<7).map { offset in try store.count(try narrowed(.due(.on(start.adding(days: offset)), openOnly: true))) }
    }

    /// One page of the open items nearest a point, numbered like any list so `open 2` and
    /// `check 1 3` act on them.
    private mutating func nearbyPage(_ centre: NearbyCentre, message: String?, continuing: Bool, keep: Int) throws -> Display {
        // The total comes with the page (and not always: see PlaceStore.nearby).
        let window = try ListPage(session, continuing: continuing, keep: keep, total: Int.max, describe: Plural.items)
        let page = try session.list == nil
            ? store.nearby(centre.point, within: centre.radius, offset: window.start, limit: window.limit)
            : nearbyInList(centre, offset: window.start, limit: window.limit)
        if continuing, page.rows.isEmpty {
            throw ShellError.usage("more: that was the last page (\(Plural.items(window.start)))")
        }
        session.listing = window.listing(session, adding: page.rows.map { .item($0.item) })
        return Display(message: message, screen: .nearby(centre, page, first: window.start + 1))
    }

    /// The page of `near` under `use`: the store's nearest-first walk, kept to the list's items,
    /// read in chunks until the page is full (the R*Tree knows no lists).
    private func nearbyInList(_ centre: NearbyCentre, offset: Int, limit: Int) throws -> NearbyPage {
        let term = ListNames.term(session.list ?? "", main: try mainList())
        let wanted = offset.addingReportingOverflow(limit)
        let end = wanted.overflow ? Int.max : wanted.partialValue
        var kept: [NearbyPage.Row] = []
        var read = 0
        var finished = false
        while kept.count <= end, !finished {
            let part = try store.nearby(centre.point, within: centre.radius, offset: read, limit: 500)
            kept += part.rows.filter { term.matches($0.item) }
            read += part.rows.count
            finished = !part.more || part.rows.isEmpty
        }
        let rows = offset < kept.count ? Array(kept[offset..<min(kept.count, end)]) : []
        let unplaced = try store.count(.matching(SearchQuery(.all([.term(term), .term(.open), .not(.term(.located))]),
                                                             description: "")))
        return NearbyPage(rows: rows, total: finished ? kept.count : nil, more: !finished || kept.count > end, unplaced: unplaced)
    }

    /// `help`, a page at a time at a terminal (`more` goes on, `back` returns), whole elsewhere.
    private mutating func helpPage(command: String?, shown: Int, continuing: Bool) throws -> Display {
        let lines = command.flatMap { table.spec(named: $0) }.map { table.help(for: $0) } ?? table.overview
        let start = continuing ? shown : 0
        if continuing, start >= lines.count { throw ShellError.usage("more: that was the last page of help") }
        // A line kept for the footer, so a page fits the screen it is sized to.
        let limit = session.rowsPerPage.map { max(1, $0 - 1) } ?? lines.count
        let page = Array(lines[start..<min(lines.count, start + limit)])
        let end = start + page.count
        session.stack[session.stack.count - 1] = .help(command: command, shown: end)
        let footer = end < lines.count ? ["  \(end) of \(lines.count) lines shown: more for the next page, back to leave"] : []
        return Display(screen: .help(page + footer))
    }

    /// After a change, the current list is shown again (its numbers may have moved); other
    /// screens just get the message.
    mutating func refresh(message: String) throws -> Display {
        switch session.route {
        case .week?, .day?, .all?, .added?, .found?, .overdue?, .undated?, .item?, .near?, .board?:
            return try render(message: message, keep: session.listing.count)
        case .createForm?, .ads?, .adsFound?, .ad?, .help?, nil: return Display(message: message)
        }
    }

    /// The ads list, or what `find` found in it (or its next page, see ListPage), so `open 3`
    /// still works after `more`. Only the page is read from the store, in list order, through
    /// an index.
    mutating func adsList(message: String?, continuing: Bool = false, matching found: AdQuery? = nil) throws -> Display {
        guard let catalogue = try store.catalogueSummary() else {
            throw ShellError.usage("ads: no ads are cached yet: sync URL first")
        }
        let category = session.filter.flatMap { catalogue.category(named: $0) }
        if session.filter != nil, category == nil { session.filter = nil }
        // A `cat:` of the query wins over the filter; a category gone since (a sync) finds none.
        var query = found
        let named = found?.categoryName
        let searched = named.map { catalogue.category(named: $0) } ?? category
        query?.categoryID = named == nil ? category?.id : searched?.id ?? -1
        let placed = found?.condition?.placing { catalogue.category(named: $0)?.id }
        query?.condition = placed
        let total = try query.map { try store.adMatchCount($0) } ?? catalogue.count(in: category)
        let page = try ListPage(session, continuing: continuing, total: total, describe: Plural.ads)
        let ads = try query.map { try store.matchingAds($0, offset: page.start, limit: page.limit) }
            ?? store.listedAds(in: category?.id, offset: page.start, limit: page.limit)
        let rows = ads.map { AdRow(ad: $0, category: catalogue.category($0.categoryID)?.name ?? "?") }
        session.listing = page.listing(session, adding: ads.map { .ad($0) })
        let matching = query.map { "Ads matching \"\($0.description)\" in " + (searched?.name ?? "all categories") }
        let heading = (matching ?? category?.name ?? "All ads") + ": \(Plural.ads(total)), cached "
            + Age.describe(environment.nowSeconds - catalogue.fetched) + " ago"
        return Display(message: message, screen: .ads(heading: heading, rows: rows, first: page.start + 1, total: total))
    }
}
