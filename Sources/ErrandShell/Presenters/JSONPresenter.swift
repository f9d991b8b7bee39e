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
        case let .detail(item, _, matched, subtasks, _):
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
                                 ("date", .string(APIDate.format(row.ad.created))), ("image", .bool(row.ad.hasImage))])
                    }))]
        case let .adDetail(ad, category, _):
            var images: [(String, JSONValue)] = []
            if let small = ad.smallImage { images.append(("small", .string(small))) }
            if let thumb = ad.thumbImage { images.append(("thumb", .string(thumb))) }
            return [("screen", .string("ad")), ("ad", .object([
                ("id", .int(Int(ad.id))), ("category_id", .int(Int(ad.categoryID))), ("category", .string(category)),
                ("title", .string(ad.title)), ("description", .string(ad.description)), ("price", .double(ad.price)),
                ("images_url", .object(images)), ("creation_date", .string(APIDate.format(ad.created))),
                ("is_urgent", .bool(ad.isUrgent)), ("siret", ad.siret.map(JSONValue.string) ?? .null),
            ]))]
        default:
            return []
        }
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
        for (field, value) in item.fields.present where field != .reminders && field != .reminded {
            pairs.append((field.name, JSONPresenter.json(value)))
        }
        // Each with the local moment it rings (floating, as the item's own time).
        if !item.reminders.isEmpty {
            pairs.append(("reminders", .array(item.reminders.map { reminder in
                var pair: [(String, JSONValue)] = [("when", .string(reminder.text))]
                if let at = reminder.local(due: item.due, time: item.time) {
                    pair.append(("fires", .string(at.day.iso + "T" + at.time.description)))
                }
                return .object(pair)
            })))
        }
        if let rang = item.fields[.reminded]?.words?.first { pairs.append(("reminded", .string(rang))) }
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
