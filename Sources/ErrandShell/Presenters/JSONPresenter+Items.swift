import ErrandDomain

/// The to-do screens (`view`, `day`, `open N`, `near`) and an item's fields, as the export
/// names them.
extension JSONPresenter {
    func week(_ rows: [WeekRow], today: DueDay, overdue: Int, undated: Int) -> [(String, JSONValue)] {
        [("screen", .string("week")), ("today", .string(today.iso)), ("overdue", .int(overdue)),
         ("undated", .int(undated)),
         ("items", .array(rows.enumerated().map { i, row in
             .object([("n", .int(i + 1)), ("date", .string(row.day.iso)), ("label", .string(row.label)),
                      ("count", .int(row.count))])
         }))]
    }

    func items(_ rows: [TodoItem], day: DueDay?, heading: String, first: Int, tree: ListTree,
               later: [TodoItem] = []) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [("screen", .string(day == nil ? "list" : "day"))]
        if let day { pairs.append(("date", .string(day.iso))) }
        pairs.append(("heading", .string(heading)))
        // Before `items`: a streamed list's later parts are written into the last array.
        if !later.isEmpty {
            pairs.append(("later", .array(later.enumerated().map { i, item in
                .object([("n", .int(first + rows.count + i))] + JSONPresenter.fields(item))
            })))
        }
        pairs.append(("items", .array(JSONPresenter.itemRows(rows, first: first, tree: tree))))
        return pairs
    }

    /// A list's rows, each numbered; also the rows a streamed list's later parts add to the
    /// first part's `items` (Runner.presentJSON).
    static func itemRows(_ rows: [TodoItem], first: Int, tree: ListTree) -> [JSONValue] {
        rows.enumerated().map { i, item in
            .object([("n", .int(first + i))] + JSONPresenter.fields(item) + JSONPresenter.treeFields(tree, row: i))
        }
    }

    func detail(_ item: TodoItem, matched: String?, subtasks: ListTree, left: Int?) -> [(String, JSONValue)] {
        var fields = JSONPresenter.fields(item, matched: matched)
        if let left { fields.append(("left", .int(left))) }
        var pairs: [(String, JSONValue)] = [("screen", .string("item")), ("item", .object(fields))]
        if !subtasks.rows.isEmpty {
            pairs.append(("subtasks", .array(subtasks.rows.enumerated().map { i, child in
                .object([("n", .int(i + 1))] + JSONPresenter.fields(child) + JSONPresenter.treeFields(subtasks, row: i))
            })))
        }
        return pairs
    }

    func nearby(_ centre: NearbyCentre, _ page: NearbyPage, first: Int) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [
            ("screen", .string("near")), ("heading", .string(centre.heading)), ("place", .string(centre.label)),
            ("latitude", .double(centre.point.latitude)), ("longitude", .double(centre.point.longitude)),
        ]
        if let radius = centre.radius { pairs.append(("within", .double(radius))) }
        // JSON gets every row (no pages), so the total is always known here.
        pairs.append(("total", .int(page.total ?? page.rows.count)))
        return pairs + [("unplaced", .int(page.unplaced)), ("items", .array(page.rows.enumerated().map { i, row in
            .object([("n", .int(first + i)), ("distance", .double((row.metres * 10).rounded() / 10))]
                    + JSONPresenter.fields(row.item))
        }))]
    }

    /// A row's depth under its parents, and its children's count when they are not all shown.
    static func treeFields(_ tree: ListTree, row: Int) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let depth = tree.depths.indices.contains(row) ? tree.depths[row] : nil, depth > 0 { pairs.append(("depth", .int(depth))) }
        if let count = tree.counts[row] {
            pairs.append(("subtasks", .object([("done", .int(count.done)), ("total", .int(count.total))])))
        }
        return pairs
    }

    /// A declared field's value as the export writes it: a number, an array of words, a text.
    static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case let .number(n): return .int(n)
        case let .words(words): return .array(words.map(JSONValue.string))
        case let .text(text): return .string(text)
        }
    }

    /// `matched`: the address a geocoder matched for the place (an item's detail).
    static func fields(_ item: TodoItem, matched: String? = nil) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [
            ("id", .string(item.id.uuidString)), ("title", .string(item.title)),
            ("date", item.due.map { .string($0.iso) } ?? .null), ("done", .bool(item.isDone)),
        ]
        // Only when another client chose it: for an item made here it is `id`.
        if item.uid != item.id.uuidString { pairs.append(("uid", .string(item.uid))) }
        if let time = item.time { pairs.append(("time", .string(time.description))) }
        if let notes = item.notes { pairs.append(("notes", .string(notes))) }
        if let rule = item.repeats {
            pairs.append(("repeat", .string(rule.description)))
            // The rule as RFC 5545 says it, for a program: Errand's own units have one too.
            if let rrule = rule.rule ?? (rule.afterDone ? nil : rule.asRule) { pairs.append(("rrule", .string(rrule.text))) }
        }
        for (field, value) in item.fields.present
            where field != .reminders && field != .reminded && field != .snoozed && field != .list {
            pairs.append((field.name, JSONPresenter.json(value)))
        }
        // One name, not a list of words; absent for the store's main list.
        if let list = item.list { pairs.append(("list", .string(list))) }
        // Each with the local moment it rings (floating, as the item's own time).
        if !item.reminders.isEmpty {
            pairs.append(("reminders", .array(item.reminders.map { reminder in
                var pair: [(String, JSONValue)] = [("when", .string(reminder.text))]
                if let at = reminder.local(due: item.due, time: item.time, start: item.start) {
                    pair.append(("fires", .string(at.day.iso + "T" + at.time.description)))
                }
                return .object(pair)
            })))
        }
        if let rang = item.fields[.reminded]?.words?.first { pairs.append(("reminded", .string(rang))) }
        if let until = item.fields[.snoozed]?.words?.first { pairs.append(("snoozed", .string(until))) }
        if let damage = item.damage { pairs.append(("damaged", .string(damage))) }
        if let location = item.location {
            var place: [(String, JSONValue)] = [("name", .string(location.name))]
            if let c = location.coordinate {
                place += [("latitude", .double(c.latitude)), ("longitude", .double(c.longitude)),
                          ("map", .string(MapLink.url(c)))]
            }
            if let matched { place.append(("matched", .string(matched))) }
            pairs.append(("location", .object(place)))
        }
        return pairs
    }
}
