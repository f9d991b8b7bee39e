import ErrandDomain
import FoundationEssentials

/// todo.txt, the plain-text format of todotxt-cli (`todo.sh`) and its clients, to and from
/// items: `(A)` to `(I)` are priorities 1 to 9, `+project` the item's list, `@context` a tag,
/// `due:` its day, `t:` (threshold) its start, `x` done with the day it was done, and the day a
/// task was made its creation. A line read keeps every word: what has no field here (a second
/// project, another key:value) stays in the title, and is named. An item is written with its
/// words in that order (title, project, contexts, due:, t:), as todo.sh's own lines run, so a
/// file written so comes back line for line.
enum TodoTxt {
    /// Each task of the file as an item, in order. The same line (its creation day and text)
    /// always gives the same UID, so reading the file again finds its items already here.
    static func each(_ data: Data, path: String, clock: Clock, kept: inout TodoTxtKept, _ body: (TodoItem) throws -> Void) throws {
        guard var text = String(validating: data, as: UTF8.self) else {
            throw StoreError.badFile(path: path, reason: "is not UTF-8 text, as todo.txt is")
        }
        // A byte-order mark some editors write is not the first task's first word.
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard let task = TodoTxtLine(line) else { continue }
            try body(item(task, clock: clock, kept: &kept))
        }
    }

    static func item(_ line: TodoTxtLine, clock: Clock, kept: inout TodoTxtKept) -> TodoItem {
        var fields = ItemFieldValues()
        var title: [Substring] = []
        var tags: [String] = []
        var due: DueDay?
        var priority = line.priority
        for word in line.text.split(separator: " ") {
            if word.hasPrefix("+"), word.count > 1 {
                if fields[.list] == nil, (try? ItemField.list.checked(.words([String(word.dropFirst())]))) != nil {
                    fields[.list] = .words([String(word.dropFirst())])
                    continue
                }
                kept.note("a second +project")
            } else if word.hasPrefix("@"), word.count > 1, (try? ItemField.tags.checked(.words([String(word.dropFirst())]))) != nil {
                tags.append(String(word.dropFirst()))
                continue
            } else if word.hasPrefix("due:"), due == nil, let day = TodoTxtLine.day(word.dropFirst(4)) {
                due = day
                continue
            } else if word.hasPrefix("t:"), fields[.start] == nil, let day = TodoTxtLine.day(word.dropFirst(2)) {
                fields[.start] = .text(day.iso)
                continue
            } else if word.hasPrefix("pri:"), word.count == 5, priority == nil, let letter = word.last, letter.isASCII, letter.isUppercase {
                priority = letter
                continue
            } else if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex,
                      !word.contains("/") {
                kept.note(String(word[..<colon]) + ":")
            }
            title.append(word)
        }
        if !tags.isEmpty { fields[.tags] = .words(tags) }
        if let priority, let value = TodoTxt.number(priority) {
            fields[.priority] = .number(value)
            if value == 9, priority > "I" { kept.note("priorities J to Z (read as I)") }
        }
        let created = line.created.map { clock.date(of: $0, at: nil) } ?? clock.now
        // The day it was done, at its end: a later import of the same task done meanwhile is newer.
        let modified = line.completed.map { clock.date(of: $0, at: TimeOfDay(hour: 23, minute: 59)) }
        let name = title.isEmpty ? line.text : title.joined(separator: " ")
        return TodoItem(id: TodoTxt.id(line), title: name, due: due, isDone: line.done, created: created,
                        modified: modified.map { max($0, created) } ?? created, fields: fields)
    }

    /// The line for an item (TodoTxtLine.rendered): its day of creation, and for a done one the
    /// day it last changed, which is when it was done unless it was edited after. The words
    /// follow the title in todo.sh's order: +list, @tags, due:, t:.
    static func line(_ item: TodoItem, clock: Clock) -> String {
        // The list before any +word kept in the title, so it is the first project read back.
        var words = item.title.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let list = item.list {
            let at = words.firstIndex { $0.count > 1 && $0.hasPrefix("+") } ?? words.endIndex
            words.insert("+" + list, at: at)
        }
        if case let .words(tags)? = item.fields[.tags] { words += tags.map { "@" + $0 } }
        if let due = item.due { words.append("due:" + due.iso) }
        if case let .text(start)? = item.fields[.start], let day = DayTime(text: start)?.day { words.append("t:" + day.iso) }
        let letter = item.fields[.priority]?.number.flatMap(TodoTxt.letter)
        // A finished task has no leading priority (todo.sh drops it); pri: keeps it.
        if item.isDone, let letter { words.append("pri:" + String(letter)) }
        return TodoTxtLine(done: item.isDone, completed: item.isDone ? clock.day(of: item.modified) : nil,
                           priority: item.isDone ? nil : letter, created: clock.day(of: item.created),
                           text: words.joined(separator: " ")).rendered
    }

    static func write(_ items: [TodoItem], clock: Clock) -> Data {
        Data(items.map { line($0, clock: clock) + "\n" }.joined().utf8)
    }

    /// What an item holds that a todo.txt line cannot.
    static var leftOut: [(String, (TodoItem) -> Bool)] { [
        ("notes", { $0.notes != nil }), ("place", { $0.location != nil }), ("time", { $0.time != nil }),
        ("repeat", { $0.repeats != nil }), ("UID", { $0.uid != $0.id.uuidString }),
        ("other calendar fields", { $0.icalendar != nil }),
        ("reminders", { $0.fields[.reminders] != nil }), ("parent", { $0.fields[.parent] != nil }),
        ("in progress", { $0.state == .started }), ("cancelled (written done)", { $0.state == .cancelled }),
        ("progress", { $0.progress != nil }),
        // todo.txt has no quoting: a title word it reads as a tag, a day or the list comes back
        // as that, not as title (read back here to know).
        ("title words todo.txt reads as fields", { item in
            var kept = TodoTxtKept()
            return TodoTxtLine(Substring(line(item, clock: Clock()))).map { TodoTxt.item($0, clock: Clock(), kept: &kept).title } != item.title
        }),
        ("start time", { item in
            if case let .text(start)? = item.fields[.start] { return DayTime(text: start)?.time != nil }
            return false
        }),
    ] }

    static func number(_ letter: Character) -> Int? {
        guard let value = letter.asciiValue, value >= 65, value <= 90 else { return nil }
        return min(9, Int(value) - 64)
    }

    static func letter(_ number: Int) -> Character? {
        (1...9).contains(number) ? Character(Unicode.Scalar(UInt8(64 + number))) : nil
    }

    /// From the line's creation day and text (what stays when the task is done or its priority
    /// changes): two 64-bit FNV-1a hashes, as a UUID.
    static func id(_ line: TodoTxtLine) -> UUID {
        let key = Array(((line.created?.iso ?? "") + " " + line.text).utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in key {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
            return hash
        }
        let a = fnv(0xcbf29ce484222325), b = fnv(0x84222325cbf29ce4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * i))
            bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * i))
        }
        // Version 8 (made by the application), RFC 9562's variant.
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
