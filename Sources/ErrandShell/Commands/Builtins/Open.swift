import ErrandDomain
import ErrandStorage

/// `open N`: a day's list from the week, an item's or an ad's detail from a list.
struct Open: ShellCommand {
    static let row = ArgumentSpec("N", .row, help: "a row number of the last listing")
    static let spec = CommandSpec("open", summary: "open row N of the last listing: a day's list or an item's detail",
                                  arguments: [row]) { try Open(row: $0.row(row)) }

    let row: ListingRow

    func run(_ c: inout CommandContext) throws -> Display {
        switch row {
        case let .day(day):
            c.session.stack.append(.day(day))
            return try c.render()
        case let .overdue(before):
            c.session.stack.append(.overdue(before: before))
            return try c.render()
        case .undated:
            c.session.stack.append(.undated)
            return try c.render()
        case let .item(listed), let .later(listed, _):
            // A subtask opened from its parent's detail is opened over it: back returns to the parent.
            if case let .item(shown)? = c.session.route, listed.parent != shown.uid { c.session.stack.removeLast() }
            c.session.stack.append(.item(listed))
            let display = try c.render()
            // The render falls back to the list when the item is gone: here that is an error.
            guard case .item = c.session.route else { throw StoreError.vanished(title: listed.title) }
            return display
        case .listed:
            // The parser reads a streamed list's row as stored now (ParseContext.row).
            throw ShellError.failed("open: the row was not read from the store; list again")
        case let .category(name):
            return try Filter(category: name).run(&c)
        case let .tag(word):
            return try Day.show(root: .found(SearchQuery(tag: word)), &c)
        case let .conflict(id, _):
            return try Conflicts.show(id, &c)
        case let .ad(ad):
            if case .ad = c.session.route { c.session.stack.removeLast() }
            c.session.stack.append(.ad(ad.id))
            return try c.render()
        }
    }
}
