import ErrandDomain

/// One line of a todo.txt file (the format of todotxt-cli and its clients): `x` and the day it
/// was done for a finished task, `(A)` to `(Z)` for a priority, the day it was made, then the
/// text, whose `+project`, `@context` and `key:value` words carry the rest. Read and written
/// here word for word; what the words mean for an item is TodoTxt's.
struct TodoTxtLine: Equatable {
    var done = false
    var completed: DueDay?
    /// "A" to "Z".
    var priority: Character?
    var created: DueDay?
    var text: String

    /// Nil for a line with no task in it (empty, or spaces alone).
    init?(_ line: Substring) {
        var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
        while words.first?.isEmpty == true { words.removeFirst() }
        guard !words.isEmpty else { return nil }
        // `x ` starts a finished task: lower-case x and a space, nothing else (`xylophone` is text).
        if words.first == "x", words.count > 1 {
            done = true
            words.removeFirst()
            if let day = words.first.flatMap(TodoTxtLine.day) {
                completed = day
                words.removeFirst()
            }
        }
        if let first = words.first, first.count == 3, first.first == "(", first.last == ")",
           let letter = first.dropFirst().first, letter.isASCII, letter.isUppercase {
            priority = letter
            words.removeFirst()
        }
        if let day = words.first.flatMap(TodoTxtLine.day) {
            created = day
            words.removeFirst()
        }
        // A finished task with one day only: the spec reads it as the day it was done.
        if done, completed == nil, let day = created {
            completed = day
            created = nil
        }
        text = words.joined(separator: " ")
    }

    init(done: Bool, completed: DueDay?, priority: Character?, created: DueDay?, text: String) {
        self.done = done
        self.completed = completed
        self.priority = priority
        self.created = created
        self.text = text
    }

    /// As todo.sh writes it: `x DONE CREATED text`, `(A) CREATED text`.
    var rendered: String {
        var words: [String] = []
        if done {
            words.append("x")
            if let completed { words.append(completed.iso) }
        }
        if let priority, !done { words.append("(" + String(priority) + ")") }
        if let created { words.append(created.iso) }
        words.append(text)
        return words.joined(separator: " ")
    }

    static func day(_ word: Substring) -> DueDay? {
        guard word.count == 10, word.dropFirst(4).first == "-", word.dropFirst(7).first == "-" else { return nil }
        return DueDay(iso: word)
    }
}
