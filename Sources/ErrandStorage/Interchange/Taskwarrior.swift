import ErrandDomain
import FoundationEssentials

/// `task export` (taskwarrior) to items: the description is the title, the project the list,
/// tags and priority H/M/L (1, 5, 9) as such, `due` the day (and time when not midnight),
/// `scheduled` the start (`wait` when there is no scheduled), `recur` the repeat of its template
/// (its instances are skipped), annotations the notes (each with its day), `depends` subtasks
/// where the tasks form a tree (a task only one other waits for is its subtask), `uuid` the UID,
/// `entry`, `modified` and `end` the item's times; completed tasks are done, deleted ones
/// skipped, a started one (`task N start`) in progress. Whatever else a task carries is named by TaskwarriorReport.
enum Taskwarrior {
    /// A JSON array whose first object has a `uuid` and a `description`.
    static func isExport(_ data: Data) -> Bool {
        guard let first = data.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == UInt8(ascii: "[") else {
            return false
        }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return head.contains("\"uuid\"") && head.contains("\"description\"")
    }

    static let mapped: Set<String> = ["uuid", "description", "status", "project", "tags", "priority", "entry", "modified", "end",
                                      "due", "scheduled", "wait", "recur", "parent", "annotations", "depends", "start",
                                      // Computed or taskwarrior's own bookkeeping: nothing to keep.
                                      "id", "urgency", "mask", "imask", "rtype"]

    static func each(_ data: Data, path: String, clock: Clock, report: inout TaskwarriorReport,
                     _ body: (TodoItem) throws -> Void) throws {
        let tasks: [TaskwarriorTask]
        do {
            tasks = try JSONDecoder().decode([TaskwarriorTask].self, from: data)
        } catch {
            throw StoreError.badFile(path: path, reason: "is not a taskwarrior export (task export): \(error)")
        }
        var kept: [TaskwarriorTask] = []
        for task in tasks {
            if task.status == "deleted" {
                report.deleted += 1
            } else if task.parent != nil, task.recur != nil {
                report.instances += 1
            } else {
                kept.append(task)
            }
        }
        // Who waits for each task: one only, and that one is its parent.
        var waiting: [String: [String]] = [:]
        let known = Set(kept.map(\.uuid))
        for task in kept { for prerequisite in task.depends where known.contains(prerequisite) { waiting[prerequisite, default: []].append(task.uuid) } }
        let descriptions = Dictionary(kept.map { ($0.uuid, $0.description) }, uniquingKeysWith: { a, _ in a })
        var parents: [String: String] = [:]
        for (prerequisite, dependents) in waiting where dependents.count == 1 { parents[prerequisite] = dependents[0] }
        // A cycle is no tree either.
        for start in parents.keys {
            var seen: Set<String> = [start]
            var at = start
            while let next = parents[at] {
                if !seen.insert(next).inserted {
                    parents[start] = nil
                    break
                }
                at = next
            }
        }
        for task in ordered(kept, parents: parents) {
            try body(item(task, parents: parents, descriptions: descriptions, clock: clock, report: &report))
        }
    }

    /// Parents before their subtasks, otherwise as the export lists them.
    static func ordered(_ tasks: [TaskwarriorTask], parents: [String: String]) -> [TaskwarriorTask] {
        var placed = Set<String>()
        var out: [TaskwarriorTask] = []
        var pending = tasks
        while !pending.isEmpty {
            var later: [TaskwarriorTask] = []
            for task in pending {
                if let parent = parents[task.uuid], !placed.contains(parent) { later.append(task) } else {
                    out.append(task)
                    placed.insert(task.uuid)
                }
            }
            // Nothing placed this round: what is left waits for a task not here; put it anyway.
            if later.count == pending.count { return out + later }
            pending = later
        }
        return out
    }

    /// `parents`: each task's parent, where the tasks that depend on it make a tree.
    static func item(_ task: TaskwarriorTask, parents: [String: String], descriptions: [String: String],
                     clock: Clock, report: inout TaskwarriorReport) -> TodoItem {
        for key in task.keys where !mapped.contains(key) { report.leave(key) }
        var fields = ItemFieldValues()
        if let project = task.project {
            if (try? ItemField.list.checked(.words([project]))) != nil {
                fields[.list] = .words([project])
            } else {
                report.leave("project (not a list name here)")
            }
        }
        let tags = (task.tags ?? []).filter { (try? ItemField.tags.checked(.words([$0]))) != nil }
        if tags.count < (task.tags ?? []).count { report.leave("tags (not a tag here)") }
        if let held = try? ItemField.tags.checked(.words(tags)) {
            fields[.tags] = held
        } else if !tags.isEmpty {
            report.leave("tags (too many)")
        }
        if let priority = ["H": 1, "M": 5, "L": 9][task.priority ?? ""] { fields[.priority] = .number(priority) }
        let due = task.due.flatMap(moment)
        let start = (task.scheduled ?? task.wait).flatMap(moment)
        if task.scheduled != nil, task.wait != nil { report.leave("wait (with scheduled)") }
        if let start { fields[.start] = .text(DayTime(day: clock.day(of: start), time: localTime(start, clock)).text) }
        if let parent = parents[task.uuid] { fields[.parent] = .text(parent) }
        var notes = (task.annotations ?? []).compactMap { note -> String? in
            guard let text = note.description else { return nil }
            return (note.entry.flatMap(moment).map { clock.day(of: $0).iso + " " } ?? "") + text
        }
        // Depends that are no tree (a task others wait for too): named in its notes.
        let notTree = task.depends.filter { parents[$0] != task.uuid }.compactMap { descriptions[$0] }
        if !notTree.isEmpty {
            notes.append("waits for: " + notTree.joined(separator: "; "))
            report.dependsInNotes += 1
        }
        var repeats: Repeat?
        if let recur = task.recur {
            repeats = Taskwarrior.repeatWords(recur).flatMap { Repeat(text: $0, from: due.map { clock.day(of: $0) }) }
            if repeats == nil { report.leave("recur:" + recur) }
        }
        let created = task.entry.flatMap(moment) ?? clock.now
        let done = task.status == "completed"
        let modified = (done ? task.end.flatMap(moment) : nil) ?? task.modified.flatMap(moment) ?? created
        var title = task.description
        if title.count > TodoItem.maxTitle {
            title = String(title.prefix(TodoItem.maxTitle))
            report.leave("descriptions past \(TodoItem.maxTitle) characters (cut)")
        }
        var item = TodoItem(id: UUID(uuidString: task.uuid) ?? UUID(), uid: task.uuid, title: title,
                            notes: nil, due: due.map { clock.day(of: $0) }, time: due.flatMap { localTime($0, clock) },
                            isDone: done, created: created, modified: max(modified, created), repeats: repeats, fields: fields)
        if !done, task.start != nil { item.state = .started }
        if !notes.isEmpty {
            var text = notes.joined(separator: "\n")
            if text.count > TodoItem.maxNotes {
                text = String(text.prefix(TodoItem.maxNotes))
                report.leave("annotations past \(TodoItem.maxNotes) characters (cut)")
            }
            item.notes = text
        }
        return item
    }

    /// `20261210T000000Z`, taskwarrior's UTC moments.
    static func moment(_ text: String) -> Date? {
        let digits = Array(text.utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
              let minute = number(11..<13), let second = number(13..<15), let date = DueDay(year: year, month: month, day: day),
              hour < 24, minute < 60, second < 61 else { return nil }
        return Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// The local time of a moment, nil at local midnight (a day without a time, as `due:DAY` makes).
    static func localTime(_ date: Date, _ clock: Clock) -> TimeOfDay? {
        let time = clock.time(of: date)
        return time == TimeOfDay(hour: 0, minute: 0) ? nil : time
    }

    /// taskwarrior's recurrence words as `--every` takes them.
    static func repeatWords(_ recur: String) -> String? {
        let named = ["daily": "day", "day": "day", "weekdays": "weekday", "weekly": "week", "week": "week",
                     "biweekly": "2 weeks", "fortnight": "2 weeks", "monthly": "month", "month": "month",
                     "quarterly": "3 months", "semiannual": "6 months", "yearly": "year", "annual": "year", "year": "year"]
        if let words = named[recur.lowercased()] { return words }
        let digits = recur.prefix { $0.isASCII && $0.isNumber }
        guard let count = Int(digits), count > 0 else { return nil }
        let unit = ["d": "days", "day": "days", "days": "days", "w": "weeks", "wk": "weeks", "wks": "weeks", "week": "weeks",
                    "weeks": "weeks", "mo": "months", "mos": "months", "month": "months", "months": "months",
                    "y": "years", "yr": "years", "yrs": "years", "year": "years", "years": "years"][recur.dropFirst(digits.count).lowercased()]
        return unit.map { "\(count) \($0)" }
    }
}
