import ErrandDomain
import ErrandStorage

/// Moving between screens: tabs, opening rows, going back.
extension Interpreter {
    func view(from start: DueDay, _ s: inout Session) throws -> Display {
        s.tab = .view
        s.stack = [.week(start: start)]
        return try render(&s)
    }

    /// `list` and `day DATE` land on a View-tab list with the week below it, so `back` works.
    func show(root route: Route, _ s: inout Session) throws -> Display {
        s.tab = .view
        s.stack = [.week(start: environment.clock.today), route]
        if case let .day(day) = route { s.selectedDate = day }
        return try render(&s)
    }

    func open(_ row: ListingRow, _ s: inout Session) throws -> Display {
        switch row {
        case let .day(day):
            s.selectedDate = day
            s.stack.append(.day(day))
        case let .item(listed):
            guard try environment.store.item(id: listed.id) != nil else { throw StoreError.vanished(title: listed.title) }
            if case .item = s.route { s.stack.removeLast() }
            s.stack.append(.item(listed.id))
        case let .ad(ad):
            if case .ad = s.route { s.stack.removeLast() }
            s.stack.append(.ad(ad.id))
        }
        return try render(&s)
    }

    func back(_ s: inout Session) throws -> Display {
        guard s.stack.count > 1 else {
            throw ShellError.usage("back: already at the first screen of the \(s.tab.rawValue) tab")
        }
        s.stack.removeLast()
        return try render(&s)
    }

    /// Shows the screen on top of the current tab and makes its rows the listing. A list shows
    /// its first page, or, when `continuing` (`more`), the page after the rows already listed.
    func render(_ s: inout Session, message: String? = nil, continuing: Bool = false, keep: Int = 0) throws -> Display {
        let store = environment.store
        let labeler = environment.labeler
        switch s.route {
        case let .week(start)?:
            let rows = WeekRow.week(from: start, counts: try store.openCounts(from: start, days: 7), labeler: labeler)
            s.listing = rows.map { .day($0.day) }
            return Display(message: message, screen: .week(rows: rows, today: environment.clock.today))
        case let .day(day)?:
            return try itemsPage(day: day, heading: labeler.longLabel(day), total: store.itemCount(on: day),
                                 message: message, continuing: continuing, keep: keep, &s) { offset, limit in
                try store.items(on: day, offset: offset, limit: limit)
            }
        case .all?:
            let counts = try store.counts()
            return try itemsPage(day: nil, heading: "All items", total: counts.toDo + counts.done,
                                 message: message, continuing: continuing, keep: keep, &s) { offset, limit in
                try store.allItems(offset: offset, limit: limit)
            }
        case let .item(id)?:
            guard let item = try store.item(id: id) else {
                // Gone (swiped here or elsewhere): show the list it came from instead.
                s.stack.removeLast()
                return try render(&s, message: message)
            }
            return Display(message: message, screen: .detail(item, dayLabel: labeler.longLabel(item.due)))
        case .createForm?, nil:
            return Display(message: message, screen: .form(CreateForm.hint))
        case .ads?:
            return try adsList(&s, message: message)
        case let .ad(id)?:
            guard let found = try environment.store.ad(id: id) else {
                s.stack.removeLast()
                return try render(&s, message: message)
            }
            return Display(message: message, screen: .adDetail(found.ad, category: found.category ?? "?"))
        }
    }

    /// One page of a day or of all items (see ListPage), so `check 3` still works after `more`.
    private func itemsPage(day: DueDay?, heading: String, total: Int, message: String?, continuing: Bool, keep: Int,
                           _ s: inout Session, fetch: (Int, Int) throws -> [TodoItem]) throws -> Display {
        let page = try ListPage(s, continuing: continuing, keep: keep, total: total, describe: Plural.items)
        let rows = try fetch(page.start, page.limit)
        s.listing = page.listing(s, adding: rows.map { .item($0) })
        return Display(message: message, screen: .items(day: day, heading: heading, rows: rows, first: page.start + 1, total: total))
    }

    /// After a change, the current list is shown again (its numbers may have moved); other
    /// screens just get the message.
    func refresh(_ s: inout Session, message: String) throws -> Display {
        switch s.route {
        case .week?, .day?, .all?, .item?: return try render(&s, message: message, keep: s.listing.count)
        case .createForm?, .ads?, .ad?, nil: return Display(message: message)
        }
    }
}
