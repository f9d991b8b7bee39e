import ErrandDomain

/// One JSON object per command, on one line: `ok`, `command`, then `error` or the screen.
public struct JSONPresenter {
    public init() {}

    public func line(for outcome: CommandOutcome) -> String {
        var pairs: [(String, JSONValue)] = [("ok", .bool(outcome.succeeded)), ("command", .string(outcome.command))]
        switch outcome.result {
        case let .failure(error):
            pairs.append(("error", .string(error.description)))
        case let .success(display):
            if let message = display.message { pairs.append(("message", .string(message))) }
            if let notice = display.notice { pairs.append(("notice", .string(notice))) }
            if let query = display.query {
                pairs.append(("query", .object([("text", .string(query.text)), ("outline", .string(query.outline))])))
            }
            if let screen = display.screen { pairs += self.screen(screen) }
        }
        return JSONValue.object(pairs).text
    }

    func screen(_ screen: Screen) -> [(String, JSONValue)] {
        switch screen {
        case let .week(rows, today, overdue, undated):
            return [("screen", .string("week")), ("today", .string(today.iso)), ("overdue", .int(overdue)),
                    ("undated", .int(undated)),
                    ("items", .array(rows.enumerated().map { i, row in
                        .object([("n", .int(i + 1)), ("date", .string(row.day.iso)), ("label", .string(row.label)),
                                 ("count", .int(row.count))])
                    }))]
        case let .items(day, _, heading, rows, first, _, _, tree):
            var pairs: [(String, JSONValue)] = [("screen", .string(day == nil ? "list" : "day"))]
            if let day { pairs.append(("date", .string(day.iso))) }
            pairs.append(("heading", .string(heading)))
            pairs.append(("items", .array(rows.enumerated().map { i, item in
                .object([("n", .int(first + i))] + JSONPresenter.fields(item) + JSONPresenter.treeFields(tree, row: i))
            })))
            return pairs
        case let .detail(item, _, matched, subtasks, _, _):
            var pairs: [(String, JSONValue)] = [("screen", .string("item")),
                                                ("item", .object(JSONPresenter.fields(item, matched: matched)))]
            if !subtasks.rows.isEmpty {
                pairs.append(("subtasks", .array(subtasks.rows.enumerated().map { i, child in
                    .object([("n", .int(i + 1))] + JSONPresenter.fields(child) + JSONPresenter.treeFields(subtasks, row: i))
                })))
            }
            return pairs
        case let .nearby(centre, page, first):
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
        case let .help(lines): return JSONPresenter.lines("help", lines)
        case let .history(lines): return JSONPresenter.lines("history", lines)
        case let .remote(lines): return JSONPresenter.lines("remote", lines)
        case let .settings(values): return JSONPresenter.lines("set", values.map(\.line))
        case let .form(hint):
            return [("screen", .string("create")), ("hint", .string(hint))]
        case .ads, .adDetail:
            return adsScreen(screen)
        case let .categories(counts):
            return [("screen", .string("categories")), ("items", .array(counts.enumerated().map { i, c in
                .object([("n", .int(i + 1)), ("name", .string(c.name)), ("count", .int(c.count))])
            }))]
        case let .tags(counts):
            return [("screen", .string("tags")), ("items", .array(counts.enumerated().map { i, c in
                .object([("n", .int(i + 1)), ("tag", .string(c.word)), ("open", .int(c.open))])
            }))]
        case let .reminders(rang):
            return [("screen", .string("reminders")), ("reminders", .array(rang.map { one in
                .object([("rang", .string(one.moment.map { $0.day.iso + "T" + $0.time.description } ?? "")),
                         ("when", .string(one.reminder.text)), ("item", .object(JSONPresenter.fields(one.item)))])
            }))]
        case let .lists(lists):
            return [("screen", .string("lists")), ("items", .array(lists.map(JSONPresenter.list)))]
        case let .savedSearches(rows):
            return [("screen", .string("saved")), ("items", .array(rows.map { row in
                .object([("name", .string(row.search.name)), ("tab", .string(row.search.tab.rawValue)),
                         ("query", .string(row.search.query)), ("count", row.count.map(JSONValue.int) ?? .null)])
            }))]
        case let .log(rows):
            return [("screen", .string("log")), ("items", .array(rows.map { row in
                .object([("time", .string(APIDate.format(Int64(row.entry.time.timeIntervalSince1970)))), ("command", .string(row.entry.command)),
                         ("summary", .string(row.summary)), ("undone", .bool(row.entry.undone)),
                         ("items", .array(row.entry.subjects.map { .object(JSONPresenter.fields($0)) }))])
            }))]
        }
    }

    /// The ads tab's screens, as the Leboncoin payload names its fields.
    func adsScreen(_ screen: Screen) -> [(String, JSONValue)] {
        switch screen {
        case let .ads(heading, rows, first, total):
            return [("screen", .string("ads")), ("heading", .string(heading)), ("total", .int(total)),
                    ("items", .array(rows.enumerated().map { i, row in
                        .object([("n", .int(first + i)), ("id", .int(Int(row.ad.id))), ("title", .string(row.ad.title)),
                                 ("category", .string(row.category)), ("category_id", .int(Int(row.ad.categoryID))),
                                 ("price", .double(row.ad.price)), ("urgent", .bool(row.ad.isUrgent)),
                                 ("date", .string(APIDate.format(row.ad.created))), ("image", .bool(row.ad.hasImage))]
                                + JSONPresenter.marks(row.ad) + (row.was.map { [("was", JSONValue.double($0))] } ?? []))
                    }))]
        case let .adDetail(ad, category, _, earlier):
            var images: [(String, JSONValue)] = []
            if let small = ad.smallImage { images.append(("small", .string(small))) }
            if let thumb = ad.thumbImage { images.append(("thumb", .string(thumb))) }
            return [("screen", .string("ad")), ("ad", .object([
                ("id", .int(Int(ad.id))), ("category_id", .int(Int(ad.categoryID))), ("category", .string(category)),
                ("title", .string(ad.title)), ("description", .string(ad.description)), ("price", .double(ad.price)),
                ("images_url", .object(images)), ("creation_date", .string(APIDate.format(ad.created))),
                ("is_urgent", .bool(ad.isUrgent)), ("siret", ad.siret.map(JSONValue.string) ?? .null),
            ] + JSONPresenter.marks(ad) + (earlier.isEmpty ? [] : [("earlier_prices", .array(earlier.map { point in
                .object([("price", .double(point.price)), ("seen", .string(APIDate.format(point.seen)))])
            }))])))]
        default:
            return []
        }
    }

    /// Our own marks on an ad, only when set (stars, gone, re-posts).
    static func marks(_ ad: Ad) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if ad.isStarred { pairs.append(("starred", .bool(true))) }
        if ad.isGone { pairs.append(("gone", .bool(true))) }
        if let original = ad.repostOf { pairs.append(("reposted_from", .int(Int(original)))) }
        return pairs
    }

    /// A screen that is a list of lines, under its command's name.
    static func lines(_ name: String, _ lines: [String]) -> [(String, JSONValue)] {
        [("screen", .string(name)), ("lines", .array(lines.map(JSONValue.string)))]
    }

    /// A declared field's value as the export writes it: a number, an array of words, a text.

    /// A row's depth under its parents, and its children's count when they are not all shown.
    static func treeFields(_ tree: ListTree, row: Int) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let depth = tree.depths.indices.contains(row) ? tree.depths[row] : nil, depth > 0 { pairs.append(("depth", .int(depth))) }
        if let count = tree.counts[row] {
            pairs.append(("subtasks", .object([("done", .int(count.done)), ("total", .int(count.total))])))
        }
        return pairs
    }

    static func json(_ value: FieldValue) -> JSONValue {
        switch value {
        case let .number(n): return .int(n)
        case let .words(words): return .array(words.map(JSONValue.string))
        case let .text(text): return .string(text)
        }
    }

    /// `matched`: the address a geocoder matched for the place (an item's detail).
    static func list(_ list: ListSummary) -> JSONValue {
        let remote: JSONValue = list.remote.map { .string(Secrets.redacted($0)) } ?? .null
        let last: JSONValue = list.lastSync.map { .string($0) } ?? .null
        return .object([("name", .string(list.name)), ("open", .int(list.open)), ("main", .bool(list.main)),
                        ("remote", remote), ("lastSync", last), ("inUse", .bool(list.inUse))])
    }

    static func fields(_ item: TodoItem, matched: String? = nil) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [
            ("id", .string(item.id.uuidString)), ("title", .string(item.title)),
            ("date", item.due.map { .string($0.iso) } ?? .null), ("done", .bool(item.isDone)),
        ]
        // Only when another client chose it: for an item made here it is `id`.
        if item.uid != item.id.uuidString { pairs.append(("uid", .string(item.uid))) }
        if let time = item.time { pairs.append(("time", .string(time.description))) }
        if let notes = item.notes { pairs.append(("notes", .string(notes))) }
        if let rule = item.repeats { pairs.append(("repeat", .string(rule.description))) }
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
