import ErrandDomain

/// The screens that are lists, as a `Table` (`set output csv|tsv|markdown`): the same columns
/// JSON names, in the same words, one row per item. Dates are ISO, so a spreadsheet sorts them.
/// Other screens (a detail, help, a message alone) are not tables: nil, and they are written
/// as plain text.
public struct TablePresenter {
    public init() {}

    public func table(for screen: Screen) -> Table? {
        switch screen {
        case let .week(rows, _, overdue, undated):
            var body = rows.enumerated().map { i, row in [String(i + 1), row.day.iso, row.label, String(row.count)] }
            // Numbered as the week shows them, so a row here is the row `open N` opens.
            if overdue > 0 { body.insert(["0", "", "Overdue", String(overdue)], at: 0) }
            if undated > 0 { body.append([String(rows.count + 1), "", DayLabeler.noDate, String(undated)]) }
            return Table(header: ["n", "date", "label", "count"], rows: body)
        case let .items(_, _, _, rows, first, _, _, _, _):
            return Table(header: TablePresenter.itemHeader,
                         rows: rows.enumerated().map { i, item in [String(first + i)] + TablePresenter.fields(item) })
        case let .board(columns): return TablePresenter.board(columns)
        case let .nearby(_, page, first):
            return Table(header: ["n", "distance"] + TablePresenter.itemHeader.dropFirst(),
                         rows: page.rows.enumerated().map { i, row in
                             [String(first + i), FixedDecimals.text(row.metres, decimals: 1)] + TablePresenter.fields(row.item)
                         })
        case let .ads(_, rows, first, _):
            return Table(header: ["n", "id", "title", "category", "price", "urgent", "date", "image"],
                         rows: rows.enumerated().map { i, row in
                             [String(first + i), String(row.ad.id), row.ad.title, row.category,
                              FixedDecimals.text(row.ad.price, decimals: 2), TablePresenter.yesNo(row.ad.isUrgent),
                              APIDate.format(row.ad.created), TablePresenter.yesNo(row.ad.hasImage)]
                         })
        case let .categories(counts):
            return Table(header: ["n", "name", "count"],
                         rows: counts.enumerated().map { i, c in [String(i + 1), c.name, String(c.count)] })
        case let .tags(counts):
            return Table(header: ["n", "tag", "open"],
                         rows: counts.enumerated().map { i, c in [String(i + 1), c.word, String(c.open)] })
        case let .lists(lists):
            return Table(header: ["name", "open", "main", "remote", "last sync", "in use"], rows: lists.map(TablePresenter.list))
        case let .log(rows):
            return Table(header: ["time", "command", "summary", "undone"], rows: rows.map { row in
                [APIDate.format(Int64(row.entry.time.timeIntervalSince1970)), row.entry.command, row.summary,
                 TablePresenter.yesNo(row.entry.undone)]
            })
        case let .reminders(rang):
            return Table(header: ["rang", "when"] + TablePresenter.itemHeader.dropFirst(), rows: rang.map { one in
                [one.moment.map { $0.day.iso + "T" + $0.time.description } ?? "", one.reminder.text] + TablePresenter.fields(one.item)
            })
        case let .savedSearches(rows):
            return Table(header: ["name", "tab", "query", "count"], rows: rows.map { row in
                [row.search.name, row.search.tab.rawValue, row.search.query, row.count.map(String.init) ?? ""]
            })
        case let .settings(values):
            return Table(header: ["setting", "value"], rows: values.map { [$0.name.rawValue, $0.value] })
        case let .abbreviations(all):
            return Table(header: ["name", "expansion"], rows: all.map { [$0.name, $0.expansion] })
        case let .priceStats(view):
            return Table(header: ["measure", "value"], rows: PriceStatsView.measures(view).map { measure in
                [measure.name, measure.value.map { measure.name == "count" ? String(Int($0)) : FixedDecimals.text($0, decimals: 2) } ?? ""]
            })
        case let .conflicts(kept): return TablePresenter.conflicts(kept)
        case .detail, .help, .history, .remote, .form, .adDetail, .conflict:
            return nil
        }
    }

    static func board(_ columns: [BoardColumn]) -> Table {
        Table(header: ["n", "column"] + TablePresenter.itemHeader.dropFirst(), rows: columns.flatMap { column in
            column.rows.enumerated().map { i, item in [String(column.first + i), column.heading] + TablePresenter.fields(item) }
        })
    }

    static func conflicts(_ kept: [KeptConflict]) -> Table {
        Table(header: ["n", "at", "title", "list", "kind", "fields", "kept", "seen", "decided"],
              rows: kept.enumerated().map { i, c in
                  [String(i + 1), APIDate.format(Int64(c.at.timeIntervalSince1970)), c.title, c.list ?? "", c.kind.rawValue,
                   c.fields.joined(separator: " "), c.keptFromServer ? "there" : "here", TablePresenter.yesNo(c.seen),
                   c.decided?.rawValue ?? ""]
              })
    }

    static func list(_ list: ListSummary) -> [String] {
        let remote: String = list.remote.map { Secrets.redacted($0) } ?? ""
        return [list.name, String(list.open), yesNo(list.main), remote, list.lastSync ?? "", yesNo(list.inUse)]
    }

    /// An item's columns after its number: the core fields, then every declared one by name.
    static var itemHeader: [String] {
        ["n", "title", "date", "time", "done", "repeat", "place"] + ItemField.declared.map(\.name) + ["notes"]
    }

    static func fields(_ item: TodoItem) -> [String] {
        [item.title, item.due?.iso ?? "", item.time?.description ?? "", yesNo(item.isDone),
         item.repeats?.description ?? "", item.location?.name ?? ""]
            + ItemField.declared.map { field in item.fields[field].map(TablePresenter.text) ?? "" }
            + [item.notes ?? ""]
    }

    static func text(_ value: FieldValue) -> String {
        switch value {
        case let .number(n): return String(n)
        case let .words(words): return words.joined(separator: " ")
        case let .text(text): return text
        }
    }

    static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
