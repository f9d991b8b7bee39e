import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// `check N...` and `uncheck N...`: move items to the end of Done, or back to To do; several
/// rows go together or not at all. Checking a repeating item also creates its next occurrence;
/// checking a parent checks its open subtasks with it, in the same step (one undo).
struct Move: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let check = CommandSpec("check", aliases: ["done"], summary: "mark rows done: they move to the end of Done",
                                   details: "A repeating item's next occurrence is created as it is checked. "
                                       + "A parent's open subtasks are checked with it; the last open subtask checked leaves its parent open.",
                                   arguments: [rows], effect: .changesStore, undoable: true) { Move(done: true, listed: try $0.items(rows)) }
    static let uncheck = CommandSpec("uncheck", aliases: ["undone"], summary: "move rows back to To do",
                                     arguments: [rows], effect: .changesStore, undoable: true) { Move(done: false, listed: try $0.items(rows)) }

    let done: Bool
    let listed: [TodoItem]

    func run(_ c: inout CommandContext) throws -> Display {
        guard done else {
            // Its record is the series's (a RECURRENCE-ID VTODO another client reads too):
            // reopened here alone, the series would still say it was done.
            try OccurrenceRows.refuse(listed, "uncheck", c.environment.labeler)
            let now = c.environment.clock.now
            let moved = try c.change { try $0.setDone(false, listed: listed, at: now, journaled: $1) }
            return try c.refresh(message: "unchecked \(Plural.naming(moved)): back in To do")
        }
        let environment = c.environment
        let now = environment.clock.now
        // A repeating item's subtasks are its checklist: they come back open for the next
        // occurrence rather than being checked with this one (unless the series ends here).
        var checklists: [UUID: [TodoItem]] = [:]
        for item in listed where item.repeats != nil && !item.isDone {
            let below = try c.store.descendants(of: item)
            if !below.isEmpty { checklists[item.id] = below }
        }
        let carriedIDs = Set(checklists.values.joined().map(\.id))
        let subtasks = try openSubtasks(c).filter { !carriedIDs.contains($0.id) }
        var all = listed + subtasks
        let recorded = all.filter(Move.recordsOccurrences)
        // The series moves on in place: a snooze was for the occurrence just done.
        let occurrences = try (recorded.isEmpty ? [] : environment.calendarHelper.checkOccurrences(recorded, now: now,
                                                                                                 newID: environment.newID))
            .map { pair in
                var series = pair.series
                series.snoozed = nil
                // The next occurrence is not begun: its status and progress were this one's
                // (a series that ended here is checked as it is).
                if !series.isDone {
                    series.state = .toDo
                    series.progress = nil
                }
                return (series: series, done: pair.done)
            }
        // The last occurrence of a series (its COUNT reached, its UNTIL passed) completes the
        // series itself: checked as any item is, no occurrence recorded beside it.
        let moving = Dictionary(zip(recorded.map(\.id), occurrences).filter { !$0.1.series.isDone }) { a, _ in a }
        let next = nextOccurrences(all, environment, except: Set(recorded.map(\.id)))
        // Where the series goes on: the same UID (moved in place) or the new occurrence's. A
        // next occurrence equal to an item already open is not added (the store keeps one):
        // the series goes on nowhere new, so its checklist is checked with it, as an ended
        // series's is (the reference model's rule; a new differential seed found the two apart).
        let nextUID = Dictionary(zip(all.filter { !Set(recorded.map(\.id)).contains($0.id) && $0.repeats?.rule == nil && $0.repeats != nil }
                                        .map(\.id), next.map(\.uid))) { a, _ in a }
            .filter { _, uid in (try? Move.isAdded(uid, next, c.store)) ?? true }
        let (carried, comingBack) = carry(checklists, goesOn: { moving[$0.id] != nil ? $0.uid : nextUID[$0.id] }, all: &all)
        let (done, added) = try c.change {
            try $0.check(listed: all, next: next, occurrences: moving, carried: carried, at: now, journaled: $1)
        }
        let checked = Array(done.prefix(listed.count))
        return try c.refresh(message: message(checked: checked, added: added, under: all.count - listed.count,
                                              comingBack: comingBack, c.environment.labeler))
    }

    /// Whether the next occurrence with this UID will be added: no equal item is open.
    static func isAdded(_ uid: String, _ next: [TodoItem], _ store: ErrandStore) throws -> Bool {
        guard let occurrence = next.first(where: { $0.uid == uid }) else { return true }
        let key = EntryKey(occurrence)
        return try !store.items(.day(occurrence.due)).contains { !$0.isDone && EntryKey($0) == key }
    }

    /// Each checked parent's subtasks, reopened under the occurrence its series goes on with
    /// (`goesOn`: the UID, nil when the series ended); those of an ended series are checked
    /// with it (added to `all`). With how many come back.
    func carry(_ checklists: [UUID: [TodoItem]], goesOn: (TodoItem) -> String?,
               all: inout [TodoItem]) -> (carried: [(before: TodoItem, after: TodoItem)], comingBack: Int) {
        var carried: [(before: TodoItem, after: TodoItem)] = []
        var comingBack = 0
        for parent in listed {
            guard let below = checklists[parent.id] else { continue }
            guard let uid = goesOn(parent) else {
                all += below.filter { !$0.isDone }
                continue
            }
            comingBack += below.count
            for item in below {
                var after = item
                if item.parent == parent.uid { after.parent = uid }
                // The checklist comes back as new: to do, not begun.
                after.state = .toDo
                after.progress = nil
                if after != item { carried.append((item, after)) }
            }
        }
        return (carried, comingBack)
    }

    func message(checked: [TodoItem], added: [TodoItem], under: Int, comingBack: Int, _ labeler: DayLabeler) -> String {
        // Which one repeats, when several were checked: "next on" alone would not say.
        let following = added.count == 1 ? added.first.map { next in
            (checked.count > 1 ? "; \"\(next.title)\" next on " : "; next on ") + labeler.longLabel(next.due)
        } ?? "" : added.isEmpty ? "" : "; \(Plural.items(added.count)) to come: "
            + added.prefix(3).map { "\"\($0.title)\" on \(labeler.label($0.due))" }.joined(separator: ", ")
            + (added.count > 3 ? ", …" : "")
        let with = under == 0 ? "" : " and \(Plural.subtasks(under)) under it"
        let back = comingBack == 0 ? "" : "; \(Plural.subtasks(comingBack)) to do again for it"
        return "checked \(Plural.naming(checked))\(with): moved to Done" + following + back
    }

    /// A repeating item another client wrote (its VTODO kept) is checked as Thunderbird and
    /// eM Client record it: one occurrence done beside the series, which moves on (the series
    /// keeps its UID and lines, so the other clients see one series, not a finished one and a
    /// new one). An `after done` rule is Errand's own: it goes on as Errand's items do.
    /// A rich rule (RecurrenceRule) is checked so wherever it was made: libical knows its days
    /// and Errand does not, and the series then reads the same to every client.
    static func recordsOccurrences(_ item: TodoItem) -> Bool {
        guard let rule = item.repeats, !rule.afterDone, !item.isOccurrence else { return false }
        return item.icalendar != nil || rule.rule != nil
    }

    /// The open items under the listed ones (each once, none listed itself), checked with them.
    func openSubtasks(_ c: CommandContext) throws -> [TodoItem] {
        var ids = Set(listed.map(\.id))
        var found: [TodoItem] = []
        for item in listed where !item.isDone {
            for below in try c.store.descendants(of: item) where !below.isDone && ids.insert(below.id).inserted {
                found.append(below)
            }
        }
        return found
    }

    /// The next occurrence of each item that repeats, as it will be created (those recorded as
    /// another client's occurrences move on in place instead).
    func nextOccurrences(_ items: [TodoItem], _ environment: ShellEnvironment, except recorded: Set<UUID> = []) -> [TodoItem] {
        let today = environment.clock.today
        return items.filter { !recorded.contains($0.id) }.compactMap { item in
            item.repeats.flatMap { rule in
                // A rich rule's next day is libical's (recorded above); never guessed here.
                guard rule.rule == nil else { return nil }
                let due = rule.next(after: item.due ?? today, checkedOn: today)
                var next = TodoItem(id: environment.newID(), title: item.title, notes: item.notes,
                                    due: due, time: item.time, location: item.location,
                                    created: environment.clock.now, repeats: rule, fields: item.fields)
                // A new occurrence has rung nothing yet: what rang and a snooze were the last one's.
                next.reminded = nil
                next.snoozed = nil
                next.state = .toDo
                next.progress = nil
                // The start keeps its distance from the due day.
                if let start = item.start, let from = item.due {
                    next.start = DayTime(day: start.day.adding(days: due.dayNumber - from.dayNumber), time: start.time)
                }
                return next
            }
        }
    }
}
