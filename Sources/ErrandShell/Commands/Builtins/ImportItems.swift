import ErrandCalendarWire
import ErrandDomain
import ErrandFiles
import ErrandStorage
import FoundationEssentials

/// `import FILE`: items from either app's property list (duplicates skipped and counted), or
/// Errand's own JSON export or the VTODOs of an iCalendar file (.ics), matched by UID: a known UID updates its item when the
/// file's copy was modified later, and is left alone otherwise. One step for `undo` either way.
struct ImportItems: ShellCommand {
    static let file = ArgumentSpec("FILE", .file, help: "a property list, an export .json (Errand's or task export's), an iCalendar file (.ics) or a todo.txt file (.txt)")
    static let spec = CommandSpec(
        "import", summary: "add items from the SwiftUI app's todos.plist, the book app's toDoItems.plist, an export .json, "
            + "taskwarrior's task export, an .ics or a todo.txt file",
        details: "From .json (what export writes): every field back, matched by UID. From .ics: VTODOs only (other components are counted and skipped); an item already here by UID "
            + "is updated when the file's LAST-MODIFIED is later. From .txt (todo.txt): (A) to (I) are priorities 1 to 9, +project the list, "
            + "@context a tag, due: the day, t: the start, x done; the same line imported again is the same item. From task export (JSON): "
            + "project as list, tags, priority H/M/L, due, scheduled as start, recur, annotations as notes, depends as subtasks, uuid as UID.",
        arguments: [file], options: [list], effect: .changesStore, undoable: true) { ImportItems(name: try $0.requiredText(file), list: $0.text(list)) }
    static let list = OptionSpec("list", value: "NAME", kind: .listName(orAll: false),
                                 help: "put the items in this list (a new name makes one); else each keeps its own, or joins the main list")

    let name: String
    let list: String?

    /// The item in the list given (`stored`, as the store keeps that name); as read without one.
    func placed(_ item: TodoItem, in stored: String?) -> TodoItem {
        guard list != nil else { return item }
        var placed = item
        placed.list = stored
        return placed
    }

    /// With --list, the items already up to date move there too (now).
    func moving(_ environment: ShellEnvironment) -> Date? { list == nil ? nil : environment.clock.now }

    func run(_ c: inout CommandContext) throws -> Display {
        let lower = name.lowercased()
        if lower.hasSuffix(".ics") || lower.hasSuffix(".ical") { return try calendar(&c) }
        if lower.hasSuffix(".txt") { return try todoTxt(&c) }
        let environment = c.environment
        let path = environment.resolve(path: name)
        let data = try c.naming(name) { try ItemImporter.file($0) }
        if ItemImporter.isTaskwarrior(data), !path.lowercased().hasSuffix(".plist") { return try taskwarrior(data, &c) }
        if ItemImporter.isJSON(data), !path.lowercased().hasSuffix(".plist") { return try backup(data, &c) }
        // The apps' property lists, read into the store an item at a time (ItemImporter.each).
        var format = ImportFormat.weekApp
        let outcome: (added: Int, skipped: Int)
        // With --list every item goes there (nil: the main list); without, each keeps its own.
        let stored = list == nil ? nil : try c.storedList(list)
        do {
            outcome = try c.change { store, journal in
                try store.importEach(journaled: journal) { add in
                    format = try ItemImporter.each(data, path: path, clock: environment.clock, newID: environment.newID) { item in
                        try add(placed(item, in: stored))
                    }
                }
            }
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(path, with: name))
        }
        let skipped = outcome.skipped == 0 ? "" : ", skipped \(outcome.skipped) already on the list"
        return try c.refresh(message: "imported \(Plural.items(outcome.added)) from \(name) (\(format.rawValue))\(skipped)")
    }

    /// A backup comes back whole: matched by UID like .ics, done items staying done. Read into
    /// the store a row at a time (ItemImporter.eachJSON), so that the items are never all in
    /// memory on SQLite; a bad row anywhere stores nothing.
    func backup(_ data: Data, _ c: inout CommandContext) throws -> Display {
        let receipts = try receiving(&c) { path, add in try ItemImporter.eachJSON(data, path: path, add) }
        return try c.refresh(message: ImportItems.summary(receipts, skipped: [], from: name, format: ImportFormat.errandJSON.rawValue))
    }

    /// Items matched by UID (CalendarReceipt), read by `each` from the file at the path it is
    /// given and handed to the store one at a time, in one step for `undo`; with --list each
    /// goes there. A store refusal names the file as typed.
    func receiving(_ c: inout CommandContext,
                   _ each: (_ path: String, _ add: (TodoItem) throws -> Void) throws -> Void) throws -> ReceiptTally {
        let environment = c.environment
        let path = environment.resolve(path: name)
        let stored = list == nil ? nil : try c.storedList(list)
        do {
            return try c.change { store, journal in
                try store.receiveEach(movedAt: moving(environment), journaled: journal) { add in
                    // `add` lives as long as this call: the reader calls it only while it runs.
                    try withoutActuallyEscaping(add) { add in
                        try each(path) { item in try add(placed(item, in: stored)) }
                    }
                }
            }
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(path, with: name))
        }
    }

    /// The .ics read into the store an item at a time as errand-ical reads it (CalendarHelper.readEach).
    func calendar(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let helper = environment.calendarHelper
        let stored = list == nil ? nil : try c.storedList(list)
        var skipped: [CalendarWire.Skipped] = []
        // A field the file's value could not give (PRIORITY:-3): said, the item imported without it.
        var unread: (title: String, reason: String)?
        var unreadCount = 0
        let path = environment.resolve(path: name)
        let receipts: ReceiptTally
        do {
            receipts = try c.change { store, journal in
                try store.receiveEach(movedAt: moving(environment), journaled: journal) { add in
                    skipped = try helper.readEach(path: path, now: environment.clock.now, newID: environment.newID) { item in
                        if let reason = item.damage {
                            if unread == nil { unread = (item.title, reason) }
                            unreadCount += 1
                        }
                        try add(placed(item, in: stored))
                    }
                }
            }
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacing(path, with: name))
        } catch let error as FileFailure {
            // The iCalendar helper's failures (CalendarHelper sits below storage).
            throw ShellError.failed(error.description.replacing(path, with: name))
        }
        var message = ImportItems.summary(receipts, skipped: skipped, from: name)
        if let (title, reason) = unread {
            message += "; \"\(TextSafety.neutralised(String(title.prefix(60))))\" kept without a field: "
                + TextSafety.neutralised(reason) + (unreadCount > 1 ? " (and \(unreadCount - 1) more)" : "")
        }
        return try c.refresh(message: message)
    }

    /// `imported 3 items from x.ics (iCalendar): 2 new, 1 updated; 4 unchanged; skipped 2 VEVENTs`.
    static func summary(_ receipts: ReceiptTally, skipped: [CalendarWire.Skipped], from name: String,
                        format: String = "iCalendar") -> String {
        let (added, updated, unchanged, refused) = (receipts.added, receipts.updated, receipts.unchanged, receipts.refused)
        var line = "imported \(Plural.items(added + updated)) from \(name) (\(format)): \(added) new, \(updated) updated"
        if unchanged > 0 { line += "; \(unchanged) already up to date" }
        if receipts.occurrencesAdded > 0 { line += "; \(Plural.finishedOccurrences(receipts.occurrencesAdded)) added to Done" }
        if refused > 0 { line += "; skipped \(refused) equal to an item already open" }
        if !skipped.isEmpty {
            let kinds = skipped.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
            line += "; skipped \(kinds) (Errand keeps to-dos only)"
        }
        return line
    }
}
