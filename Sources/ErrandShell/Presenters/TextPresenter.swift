import ErrandDomain
import FoundationEssentials

/// Writes a Display as aligned text for a person: columns measured in display width, fitted
/// to the terminal (list rows cut, their other columns giving way to the title first; details
/// and help wrapped), colour only when the session has it on. Without a terminal there is no
/// width: nothing is cut or wrapped (but help), so a pipe to grep sees every field whole.
public struct TextPresenter {
    /// The terminal's columns; nil when the output is not a terminal.
    public var width: Int?
    public var color: Bool
    public var labeler: DayLabeler
    /// For the local dates and times of ads.
    public var clock: Clock
    /// Whether the terminal shows OSC 8 hyperlinks: an item's place then links to its map.
    public var links = false

    /// Subtasks deeper than this are indented no further.
    static let deepestIndent = 6

    /// Help wraps at this width outside a terminal, as man pages are formatted for a pipe.
    static let readingWidth = 80

    public init(width: Int?, color: Bool, labeler: DayLabeler, clock: Clock = Clock()) {
        self.width = width.map { max($0, 20) }
        self.color = color
        self.labeler = labeler
        self.clock = clock
    }

    public func lines(for display: Display) -> [String] {
        var lines: [String] = []
        // Messages are never cut: the terminal wraps them, and every word of an error matters.
        if let message = display.message { lines.append(DisplayWidth.sanitize(message)) }
        if let notice = display.notice { lines.append(DisplayWidth.sanitize(notice)) }
        switch display.screen {
        case let .week(rows, today, overdue, undated)?: lines += week(rows, today: today, overdue: overdue, undated: undated)
        case let .items(_, dated, heading, rows, first, total, empty, tree, later)?:
            if rows.isEmpty, !later.isEmpty {
                // A day with no items of its own but later occurrences is not "nothing here".
                lines.append(style(heading, "1"))
            } else {
                lines += items(rows, heading: heading, showDate: dated, first: first, total: total, empty: empty, tree: tree,
                               part: display.part)
            }
            if !later.isEmpty { lines += self.later(later, first: first + rows.count) }
        case let .detail(item, dayLabel, matched, subtasks, subtaskTotal, under, left)?:
            lines += detail(item, dayLabel: dayLabel, matched: matched, under: under, left: left)
            if !subtasks.rows.isEmpty {
                lines += items(subtasks.rows, heading: "Subtasks", showDate: true, first: 1,
                               total: max(subtaskTotal, subtasks.rows.count), empty: "", tree: subtasks)
            }
        case let .nearby(centre, page, first)?: lines += nearby(centre, page, first: first)
        case let .help(text)?: lines += text.flatMap { wrapKeepingIndent(DisplayWidth.sanitize($0)) }
        case let .history(text)?: lines += text.map { clip(DisplayWidth.sanitize($0)) }
        case let .remote(text)?: lines += text.map(DisplayWidth.sanitize)
        case let .settings(values)?: lines += values.map { DisplayWidth.sanitize($0.line) }
        case let .abbreviations(all)?:
            lines += all.isEmpty ? ["no abbreviations (abbr NAME EXPANSION makes one)"] : all.map { DisplayWidth.sanitize($0.line) }
        case let .form(hint)?: lines.append(hint)
        case let .board(columns)?: lines += board(columns)
        case let .conflicts(kept)?: lines += conflicts(kept)
        case let .conflict(kept, current)?: lines += conflict(kept, current: current)
        case let .ads(heading, rows, first, total)?: lines += ads(rows, heading: heading, first: first, total: total)
        case let .adDetail(ad, category, picture, earlier)?: lines += adDetail(ad, category: category, picture: picture, earlier: earlier)
        case let .categories(counts)?: lines += categories(counts)
        case let .tags(counts)?: lines += tags(counts)
        case let .reminders(rang)?: lines += reminders(rang)
        case let .lists(summaries)?: lines += lists(summaries)
        case let .savedSearches(rows)?: lines += savedSearches(rows)
        case let .priceStats(view)?: lines += priceStats(view)
        case let .log(rows)?:
            if rows.isEmpty { lines.append("no changes yet") }
            lines += rows.map { clip($0.when + "  " + DisplayWidth.sanitize($0.summary) + ($0.entry.undone ? "  (undone)" : "")) }
        case nil: break
        }
        return lines
    }

    public func error(_ message: String) -> String {
        style("error: ", "31") + DisplayWidth.sanitize(message)
    }

    func week(_ rows: [WeekRow], today: DueDay, overdue: Int, undated: Int) -> [String] {
        guard let first = rows.first else { return [] }
        let numberWidth = String(rows.count + 1).count
        let overdueLabel = "Overdue"
        let labelWidth = (rows.map { DisplayWidth.of($0.label) } + [overdue > 0 ? overdueLabel.count : 0]
            + [undated > 0 ? DisplayWidth.of(DayLabeler.noDate) : 0]).max() ?? 0
        var out = [style("View: 7 days from " + labeler.longLabel(first.day), "1")]
        if overdue > 0 {
            out.append(style(clip(number(0, numberWidth) + "  " + DisplayWidth.pad(overdueLabel, to: labelWidth) + "  "
                                  + Plural.items(overdue)), "31"))
        }
        let counts = rows.map { $0.count == 0 ? "no items" : Plural.items($0.count) }
        let markers = rows.map { $0.day == today ? "  today" : "" }
        // At a terminal each day's count is also a bar, so a heavy day stands out; the bars
        // start in one column, after the longest count and marker. A bar is not colour:
        // `set color off` keeps them (only scripts and pipes, which have no width, go without).
        let textWidth = (zip(counts, markers).map { DisplayWidth.of($0 + $1) }.max() ?? 0)
        let prefixWidth = numberWidth + 2 + 2 + labelWidth + 2
        let bars = width.flatMap { WeekBars(counts: rows.map(\.count), room: $0 - prefixWidth - textWidth - 2) }
        for (i, row) in rows.enumerated() {
            var line = number(i + 1, numberWidth) + "  " + DisplayWidth.pad(row.label, to: labelWidth) + "  "
            guard let bar = bars?.bar(row.count), !bar.isEmpty else {
                out.append(clip(line + counts[i] + markers[i]))
                continue
            }
            line += DisplayWidth.pad(counts[i] + markers[i], to: textWidth) + "  "
            out.append(line + style(bar, "36"))
        }
        if undated > 0 {
            out.append(clip(number(rows.count + 1, numberWidth) + "  " + DisplayWidth.pad(DayLabeler.noDate, to: labelWidth)
                            + "  " + Plural.items(undated)))
        }
        return out
    }

    /// `lead`: a column after the number (near's distances), one entry per row. A `part` of a
    /// streamed list after the first goes on under the first's heading, in the section the
    /// part before ended in; no part says `more`.
    /// A day's later occurrences of series open on another day: that day shown, as the week
    /// counted them on this one.
    func later(_ rows: [TodoItem], first: Int) -> [String] {
        [style(LaterOccurrences.heading, "1")]
            + items(rows, heading: "", showDate: true, first: first, total: first + rows.count - 1, empty: "",
                    part: ListPart(continues: false, after: false))
    }

    func items(_ rows: [TodoItem], heading: String, showDate: Bool, first: Int, total: Int, empty: String,
               lead: [String] = [], tree: ListTree? = nil, part: ListPart? = nil) -> [String] {
        // No heading: the empty line says what was asked.
        guard !rows.isEmpty else { return heading.isEmpty ? [empty] : [style(heading, "1"), "  " + empty] }
        var out = part?.after == nil ? [style(heading, "1")] : []
        // Sized for the whole list, so the columns stay put from one page to the next.
        let numberWidth = String(total).count
        let year = clock.today.year
        let dates = rows.map { item in
            showDate ? ((item.listDay?.year ?? year) == year ? labeler.label(item.listDay) : labeler.longLabel(item.listDay)) : ""
        }
        let dateWidth = dates.map { DisplayWidth.of($0) }.max() ?? 0
        let (leads, leadWidths) = leadingMarks(rows)
        let titles = rows.enumerated().map { row, item in title(item, row: row, showDate: showDate, tree: tree) }
        let longest = titles.map { DisplayWidth.of($0) }.max() ?? 0
        let leadWidth = lead.map { DisplayWidth.of($0) }.max().map { $0 + 2 } ?? 0
        // A column of its own for `!` (overdue), only where a row needs it.
        let today = clock.today
        func overdue(_ item: TodoItem) -> Bool { !item.isDone && item.listDay.map { $0 < today } == true }
        let anyOverdue = rows.contains(where: overdue)
        let hasPlace = rows.contains { $0.location != nil }
        // The place follows the title and is cut first anyway; then the time, then the day
        // give way (the detail shows them all).
        let marksWidth = leadWidths.reduce(0) { $0 + $1 + 1 }
        let room = GiveWay(width: width, fixed: 2 + numberWidth + 2 + leadWidth + 2 + (anyOverdue ? 1 : 0) + marksWidth,
                           columns: [hasPlace ? 14 : 0, rows.contains { $0.time != nil } ? 7 : 0, showDate ? dateWidth + 2 : 0],
                           floor: min(longest, 20))
        let timesShown = room.keeps(1) && rows.contains { $0.time != nil }
        let datesShown = room.keeps(2) && showDate
        let titleWidth = min(longest, max(8, room.titleRoom ?? longest))
        var section = part?.after
        for (i, item) in rows.enumerated() {
            if section != item.isDone {
                section = item.isDone
                out.append(style(item.isDone ? ItemSection.done.rawValue : ItemSection.toDo.rawValue, "1"))
            }
            var line = number(first + i, numberWidth) + "  "
            if i < lead.count { line += String(repeating: " ", count: leadWidth - 2 - DisplayWidth.of(lead[i])) + lead[i] + "  " }
            if datesShown { line += DisplayWidth.pad(dates[i], to: dateWidth) + "  " }
            if timesShown { line += (item.time.map { $0.description } ?? "     ") + "  " }
            // One column for the state: damaged (the detail says what), done, cancelled,
            // started, or open and repeating (checking it makes the next one).
            if anyOverdue { line += overdue(item) ? "!" : " " }
            line += item.damage != nil ? "✗ " : TextPresenter.stateMark(item) + " "
            for (column, width) in leadWidths.enumerated() { line += DisplayWidth.pad(leads[i][column], to: width) + " " }
            let title = DisplayWidth.truncate(titles[i], to: titleWidth)
            if let place = item.location?.name {
                line += DisplayWidth.pad(title, to: titleWidth) + "  @ " + DisplayWidth.sanitize(place)
            } else {
                line += title
            }
            let clipped = clip(line)
            // Done dim; given up dim and struck through, as Thunderbird and Evolution show it.
            out.append(item.state == .cancelled ? style(clipped, "2;9") : item.isDone ? style(clipped, "2") : clipped)
        }
        return part == nil ? out + pageFooter(first: first, count: rows.count, total: total) : out
    }

    /// The declared fields' marks that lead the title in a column of their own, only where a
    /// row has one (the others follow the title and are cut with it): each row's, and each
    /// column's width.
    private func leadingMarks(_ rows: [TodoItem]) -> (marks: [[String]], widths: [Int]) {
        let leading = ItemField.declared.filter { field in field.markLeadsTitle && rows.contains { $0.fields[field] != nil } }
        let marks = rows.map { item in
            leading.map { field in item.fields[field].map(field.mark) ?? "" }
        }
        return (marks, leading.indices.map { column in marks.map { DisplayWidth.of($0[column]) }.max() ?? 0 })
    }

    /// A row's title as the list shows it, before it is cut: the marks of the fields that
    /// follow it, and indented by its depth in the tree.
    private func title(_ item: TodoItem, row: Int, showDate: Bool, tree: ListTree?) -> String {
        // A reminder is marked only while one is still to ring.
        // A progress only while it is still to do: Thunderbird's done items are all at 100%.
        var marks = item.fields.present.filter { !$0.field.markLeadsTitle }
            .filter { $0.field != .reminders || item.hasPendingReminder(clock: clock) }
            .filter { $0.field != .progress || !item.isDone }.map { $0.field.mark($0.value) }
        // The day column already says when a start-only item starts: the mark says only that.
        if let start = item.start, !item.isDone, item.startsAfter(clock.today) {
            marks.append(showDate && item.listDay == start.day ? "starts" : "starts " + labeler.label(start.day))
        }
        if let count = tree?.counts[row] { marks.append(ListTree.mark(count)) }
        if tree?.conflicted.contains(item.id) == true { marks.append("(conflict)") }
        // A subtask a step in per level, up to a few: deeper ones stay readable at the width.
        let depth = tree.map { $0.depths.indices.contains(row) ? $0.depths[row] : 0 } ?? 0
        let indent = String(repeating: "  ", count: min(depth, TextPresenter.deepestIndent))
        return indent + DisplayWidth.sanitize(([item.title] + marks.filter { !$0.isEmpty }).joined(separator: " "))
    }

    /// Every word of an item is shown: the title and each field wrap at the width, never cut.
    func detail(_ item: TodoItem, dayLabel: String, matched: String?, under: String? = nil, left: Int? = nil) -> [String] {
        var out = wrapped(DisplayWidth.sanitize(item.title), first: "", rest: "").map { style($0, "1") }
        func field(_ name: String, _ value: String) { out += self.field(name, DisplayWidth.sanitize(value), nameWidth: 8) }
        field("Due", dayLabel + (item.time.map { " at \($0)" } ?? ""))
        if let location = item.location { out += place(location, matched: matched) }
        // Notes as written, a line each (joined, a list of steps read as one sentence).
        if let notes = item.notes {
            var lines = notes.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            while lines.count > 1, lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
            for (i, line) in lines.enumerated() { field(i == 0 ? "Notes" : "", String(line)) }
        }
        if let rule = item.repeats { field("Repeats", rule.description + (left.map { " (\($0) left)" } ?? "")) }
        for (declared, value) in item.fields.present where declared != .start && declared != .parent && declared != .status {
            for line in declared.detail(value).split(separator: "\n") { field(declared.label, String(line)) }
        }
        if let start = item.start { field(ItemField.start.label, labeler.longLabel(start.day) + (start.time.map { " at \($0)" } ?? "")) }
        // The parent by its title; a parent not stored (not synced yet, or gone) by its UID.
        if let parent = item.parent { field(ItemField.parent.label, under ?? "\(parent) (not here)") }
        field("State", item.state.rawValue)
        if let damage = item.damage { field("Damaged", "\(damage): mend it with edit (--date DATE), or swipe it") }
        // Only for an item another calendar named: for one made here it is its id, shown nowhere.
        if item.uid != item.id.uuidString { field("UID", item.uid) }
        return out
    }

    /// The state column's mark: `✓` done, `⊘` cancelled, `▶` started, `↻` open and repeating.
    static func stateMark(_ item: TodoItem) -> String {
        switch item.state {
        case .done: "✓"
        case .cancelled: "⊘"
        case .started: "▶"
        case .toDo: item.repeats == nil ? " " : "↻"
        }
    }

    /// `  Name      value`, the value wrapped under itself.
    func field(_ name: String, _ value: String, nameWidth: Int) -> [String] {
        let head = "  " + DisplayWidth.pad(name, to: nameWidth) + "  "
        return wrapped(value, first: head, rest: String(repeating: " ", count: DisplayWidth.of(head)))
    }

    /// Text wrapped at the width after `first` (its first line) and `rest` (the others); one
    /// line, whole, outside a terminal.
    func wrapped(_ text: String, first: String, rest: String) -> [String] {
        guard let width else { return [first + text] }
        let lines = TextWrap.wrap(text, width: max(10, width - DisplayWidth.of(first)))
        return lines.enumerated().map { ($0.offset == 0 ? first : rest) + $0.element }
    }

    /// Under a page of a longer list: how far it goes and how to go on.
    func pageFooter(first: Int, count: Int, total: Int) -> [String] {
        let shown = first + count - 1
        return shown < total ? ["  \(shown) of \(total) shown: more for the next page"] : []
    }

    func number(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count) + 2) + s
    }

    func clip(_ line: String) -> String {
        guard let width else { return line }
        return DisplayWidth.truncate(line, to: width)
    }

    /// A long line wrapped at the width, its continuation lines indented under the text that
    /// follows its first column (`name  summary`, `  --option  help`), which stays as it is.
    func wrapKeepingIndent(_ line: String) -> [String] {
        let width = self.width ?? TextPresenter.readingWidth
        guard DisplayWidth.of(line) > width else { return [line] }
        let chars = Array(line)
        let lead = chars.prefix { $0 == " " }.count
        // The first run of two spaces or more after the indent ends the first column.
        var column = lead
        if let gap = (lead..<max(lead, chars.count - 1)).first(where: { chars[$0] == " " && chars[$0 + 1] == " " }) {
            column = gap
            while column < chars.count, chars[column] == " " { column += 1 }
        }
        if column > width / 2 { column = lead }
        let head = String(chars[..<column])
        let indent = String(repeating: " ", count: column)
        let wrapped = TextWrap.wrap(String(chars[column...]), width: max(10, width - column))
        return wrapped.enumerated().map { ($0.offset == 0 ? head : indent) + $0.element }
    }

    func style(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    /// Where the user is: the tab and, below it, the screens opened, shortened to fit (PromptPath).
    public func prompt(for session: Session) -> String {
        var parts = [session.tab.rawValue]
        if let list = session.list, session.tab != .ads { parts.append("@" + DisplayWidth.truncate(DisplayWidth.sanitize(list), to: 20)) }
        for route in session.stack {
            switch route {
            case .week, .createForm: continue
            case .help: parts.append("help")
            case .board: parts.append("board")
            case let .day(day): parts.append(labeler.label(day))
            case .overdue: parts.append("overdue")
            case let .near(centre): parts.append(DisplayWidth.truncate("near " + DisplayWidth.sanitize(centre.label), to: 20))
            case .undated: parts.append("no date")
            case let .found(query): parts.append(DisplayWidth.truncate("find " + DisplayWidth.sanitize(query.description), to: 20))
            case .all, .added: parts.append("all")
            case let .item(item): parts.append(DisplayWidth.truncate(DisplayWidth.sanitize(item.title), to: 20))
            case .ads: if let filter = session.filter { parts.append(DisplayWidth.sanitize(filter)) }
            case let .adsFound(query): parts.append(DisplayWidth.truncate("find " + DisplayWidth.sanitize(query.description), to: 20))
            case let .ad(id): parts.append("ad \(id)")
            }
        }
        return PromptPath(parts: parts).text(width: width)
    }
}
