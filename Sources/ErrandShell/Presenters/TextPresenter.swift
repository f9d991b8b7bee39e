import ErrandDomain
import FoundationEssentials

/// Writes a Display as aligned text for a person: columns measured in display width,
/// lines cut to the terminal width, colour only when the session has it on.
public struct TextPresenter {
    public var width: Int
    public var color: Bool
    public var labeler: DayLabeler
    /// For the local dates and times of ads.
    public var clock: Clock
    /// Whether the terminal shows OSC 8 hyperlinks: an item's place then links to its map.
    public var links = false

    public init(width: Int, color: Bool, labeler: DayLabeler, clock: Clock = Clock()) {
        self.width = max(width, 20)
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
        case let .items(_, dated, heading, rows, first, total, empty)?:
            lines += items(rows, heading: heading, showDate: dated, first: first, total: total, empty: empty)
        case let .detail(item, dayLabel, matched)?: lines += detail(item, dayLabel: dayLabel, matched: matched)
        case let .nearby(centre, page, first)?: lines += nearby(centre, page, first: first)
        case let .lines(name, text)?:
            // Help is read, so it wraps; history is clipped, one line per entry; other lines
            // (remote) are like messages: never cut, and left for the terminal to wrap.
            lines += text.flatMap { line -> [String] in
                let clean = DisplayWidth.sanitize(line)
                switch name {
                case "help": return wrapKeepingIndent(clean)
                case "history": return [clip(clean)]
                default: return [clean]
                }
            }
        case let .form(hint)?: lines.append(hint)
        case let .ads(heading, rows, first, total)?: lines += ads(rows, heading: heading, first: first, total: total)
        case let .adDetail(ad, category, picture)?: lines += adDetail(ad, category: category, picture: picture)
        case let .categories(counts)?:
            let widest = counts.map { DisplayWidth.of($0.name) }.max() ?? 0
            lines += counts.enumerated().map { i, c in
                clip(number(i + 1, String(counts.count).count) + "  " + DisplayWidth.pad(DisplayWidth.sanitize(c.name), to: widest)
                     + "  " + Plural.ads(c.count))
            }
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
        // start in one column, after the longest count and marker.
        let textWidth = (zip(counts, markers).map { DisplayWidth.of($0 + $1) }.max() ?? 0)
        let prefixWidth = numberWidth + 2 + 2 + labelWidth + 2
        let bars = color ? WeekBars(counts: rows.map(\.count), room: width - prefixWidth - textWidth - 2) : nil
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

    /// `lead`: a column after the number (near's distances), one entry per row.
    func items(_ rows: [TodoItem], heading: String, showDate: Bool, first: Int, total: Int, empty: String,
               lead: [String] = []) -> [String] {
        // No heading: the empty line says what was asked.
        guard !rows.isEmpty else { return heading.isEmpty ? [empty] : [style(heading, "1"), "  " + empty] }
        var out = [style(heading, "1")]
        // Sized for the whole list, so the columns stay put from one page to the next.
        let numberWidth = String(total).count
        let year = clock.today.year
        let dates = rows.map { item in
            showDate ? ((item.due?.year ?? year) == year ? labeler.label(item.due) : labeler.longLabel(item.due)) : ""
        }
        let dateWidth = dates.map { DisplayWidth.of($0) }.max() ?? 0
        let hasTime = rows.contains { $0.time != nil }
        let titles = rows.map { DisplayWidth.sanitize($0.title) }
        let leadWidth = lead.map { DisplayWidth.of($0) }.max().map { $0 + 2 } ?? 0
        // A column of its own for `!` (overdue), only where a row needs it.
        let today = clock.today
        func overdue(_ item: TodoItem) -> Bool { !item.isDone && item.due.map { $0 < today } == true }
        let anyOverdue = rows.contains(where: overdue)
        let prefixWidth = numberWidth + 2 + leadWidth + (showDate ? dateWidth + 2 : 0) + (hasTime ? 7 : 0) + 2
            + (anyOverdue ? 1 : 0)
        let hasPlace = rows.contains { $0.location != nil }
        let titleRoom = max(8, width - prefixWidth - (hasPlace ? 14 : 0))
        let titleWidth = min(titles.map { DisplayWidth.of($0) }.max() ?? 0, titleRoom)
        var section: Bool?
        for (i, item) in rows.enumerated() {
            if section != item.isDone {
                section = item.isDone
                out.append(style(item.isDone ? ItemSection.done.rawValue : ItemSection.toDo.rawValue, "1"))
            }
            var line = number(first + i, numberWidth) + "  "
            if i < lead.count { line += String(repeating: " ", count: leadWidth - 2 - DisplayWidth.of(lead[i])) + lead[i] + "  " }
            if showDate { line += DisplayWidth.pad(dates[i], to: dateWidth) + "  " }
            if hasTime { line += (item.time.map { $0.description } ?? "     ") + "  " }
            // One column for the state: damaged (the detail says what), done, or open and
            // repeating (checking it makes the next one).
            if anyOverdue { line += overdue(item) ? "!" : " " }
            line += item.damage != nil ? "✗ " : item.isDone ? "✓ " : item.repeats == nil ? "  " : "↻ "
            let title = DisplayWidth.truncate(titles[i], to: titleWidth)
            if let place = item.location?.name {
                line += DisplayWidth.pad(title, to: titleWidth) + "  @ " + DisplayWidth.sanitize(place)
            } else {
                line += title
            }
            let clipped = clip(line)
            out.append(item.isDone ? style(clipped, "2") : clipped)
        }
        return out + pageFooter(first: first, count: rows.count, total: total)
    }

    func detail(_ item: TodoItem, dayLabel: String, matched: String?) -> [String] {
        var out = [style(clip(DisplayWidth.sanitize(item.title)), "1")]
        func field(_ name: String, _ value: String) {
            out.append(clip("  " + DisplayWidth.pad(name, to: 8) + "  " + DisplayWidth.sanitize(value)))
        }
        field("Due", dayLabel + (item.time.map { " at \($0)" } ?? ""))
        if let location = item.location { out += place(location, matched: matched) }
        if let notes = item.notes {
            let wrapped = TextWrap.wrap(DisplayWidth.sanitize(notes), width: max(10, width - 12))
            for (i, line) in wrapped.enumerated() {
                out.append(i == 0 ? "  Notes     " + line : "            " + line)
            }
        }
        if let rule = item.repeats { field("Repeats", rule.description) }
        field("State", item.isDone ? "done" : "to do")
        if let damage = item.damage {
            let advice = "\(damage): mend it with edit (--date DATE), or swipe it"
            for (i, line) in TextWrap.wrap(advice, width: max(10, width - 12)).enumerated() {
                out.append((i == 0 ? "  Damaged   " : "            ") + line)
            }
        }
        // Only for an item another calendar named: for one made here it is its id, shown nowhere.
        if item.uid != item.id.uuidString { field("UID", item.uid) }
        return out
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

    func clip(_ line: String) -> String { DisplayWidth.truncate(line, to: width) }

    /// A long line wrapped at the width, its continuation lines indented under the text that
    /// follows its first column (`name  summary`, `  --option  help`), which stays as it is.
    func wrapKeepingIndent(_ line: String) -> [String] {
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

    /// Where the user is: the tab and, below it, the screens opened.
    public func prompt(for session: Session) -> String {
        var parts = [session.tab.rawValue]
        for route in session.stack {
            switch route {
            case .week, .createForm: continue
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
        return parts.joined(separator: " › ") + "> "
    }
}
