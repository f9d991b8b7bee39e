import ErrandDomain

/// One JSON object per command, on one line: `ok`, `command`, then `error` or the screen. Each
/// family of screens is written in its own extension (Items, Ads, Counts, Reminders, Searches, Log).
public struct JSONPresenter {
    /// Where `log` reads each entry's items as it writes them (ItemStore.eachJournalSubject);
    /// without it, from the entries themselves.
    public var journalSubjects: JournalSubjects?

    public init(journalSubjects: JournalSubjects? = nil) {
        self.journalSubjects = journalSubjects
    }

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
        case let .week(rows, today, overdue, undated): return week(rows, today: today, overdue: overdue, undated: undated)
        case let .items(day, _, heading, rows, first, _, _, tree, later):
            return items(rows, day: day, heading: heading, first: first, tree: tree, later: later)
        case let .detail(item, _, matched, subtasks, _, _, left): return detail(item, matched: matched, subtasks: subtasks, left: left)
        case let .nearby(centre, page, first): return nearby(centre, page, first: first)
        case let .help(lines): return JSONPresenter.lines("help", lines)
        case let .history(lines): return JSONPresenter.lines("history", lines)
        case let .remote(lines): return JSONPresenter.lines("remote", lines)
        case let .settings(values): return JSONPresenter.lines("set", values.map(\.line))
        case let .abbreviations(all):
            return [("screen", .string("abbr")),
                    ("abbreviations", .array(all.map { .object([("name", .string($0.name)), ("expansion", .string($0.expansion))]) }))]
        case let .form(hint): return [("screen", .string("create")), ("hint", .string(hint))]
        case let .board(columns): return board(columns)
        case let .conflicts(kept): return conflicts(kept)
        case let .conflict(kept, current): return conflict(kept, current: current)
        case let .ads(heading, rows, first, total): return ads(rows, heading: heading, first: first, total: total)
        case let .adDetail(ad, category, _, earlier): return adDetail(ad, category: category, earlier: earlier)
        case let .categories(counts): return categories(counts)
        case let .tags(counts): return tags(counts)
        case let .reminders(rang): return reminders(rang)
        case let .lists(summaries): return [("screen", .string("lists")), ("items", .array(summaries.map(JSONPresenter.list)))]
        case let .savedSearches(rows): return savedSearches(rows)
        case let .priceStats(view): return priceStats(view)
        case let .log(rows): return log(rows)
        }
    }

    /// A screen that is a list of lines, under its command's name.
    static func lines(_ name: String, _ lines: [String]) -> [(String, JSONValue)] {
        [("screen", .string(name)), ("lines", .array(lines.map(JSONValue.string)))]
    }

}
