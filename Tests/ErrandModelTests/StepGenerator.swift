import ErrandTestSupport

/// Draws steps from a seed: small vocabularies so that duplicates, shared words, tags and
/// lists meet often, titles with ß, ligatures and accents, days around today, and queries of
/// every term of the grammar nested up to three deep.
struct StepGenerator {
    private var random: SeededGenerator
    /// Whether `start`, `stop`, `cancel`, `progress` and their terms are drawn: off, a seed
    /// draws the steps it drew before they existed (the fixed seeds' runs stay the same).
    private let statuses: Bool

    init(seed: UInt64, statuses: Bool = true) {
        random = SeededGenerator(seed: seed)
        self.statuses = statuses
    }

    static let titles = ["Pay rent", "Straße fegen", "STRASSE kehren", "ﬁle taxes", "File report", "École run",
                         "Water the plants", "Call mum", "Gare de Lyon trip", "Buy bread", "Rent a van"]
    static let notes = ["call before noon", "école maternelle", "bring the ﬁle", "Straßenbahn", "ask for rent"]
    static let tags = ["home", "work", "money", "Été", "HOME"]
    static let lists = ["Work", "Été", "Shopping"]
    static let places: [(String, ModelPoint)] = [
        ("Clinique du Parc", ModelPoint(latitude: 48.85, longitude: 2.35)),
        ("Gare de Lyon", ModelPoint(latitude: 48.86, longitude: 2.36)),
        ("Saint-Denis", ModelPoint(latitude: 48.9, longitude: 2.45)),
        ("Lyon", ModelPoint(latitude: 45.76, longitude: 4.84)),
    ]
    static let queryWords = ["rent", "stras", "straße", "strasse", "STRASSE", "file", "ﬁle", "ecole", "éco", "water",
                             "call", "gare", "lyon", "mum", "taxes", "fe", "parc", "noon", "bread", "van", "r"]
    /// `within:` values, each far from every distance between the places above (1.3 km,
    /// 8.8 km, 390 km and the like), so rounding never decides a row.
    static let withins: [(String, Int)] = [("500m", 500), ("2km", 2_000), ("20km", 20_000), ("1000km", 1_000_000)]
    static let priorityWords: [(String, Int)] = [("high", 1), ("medium", 5), ("low", 9)]

    private mutating func pick(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
    private mutating func chance(_ n: Int) -> Bool { pick(n) == 0 }
    private mutating func one<T>(_ values: [T]) -> T { values[pick(values.count)] }
    private mutating func day() -> Int { ModelDay.today + pick(21) - 10 }

    /// A step; `rows` is how many rows the last `list` had (for row numbers, a few past the end).
    mutating func step(rows: Int) -> ModelStep {
        let row = 1 + pick(rows + 1)
        if statuses, chance(8) { return statusStep(row: row) }
        switch pick(40) {
        case 0..<9: return .create(create(rows: rows))
        case 9..<12: return .edit(row: row, edit())
        case 12..<15: return .check(row: row)
        case 15..<17: return .uncheck(row: row)
        case 17..<19: return .swipe(row: row)
        case 19: return .move(row: row, list: one(Self.lists + ["local"]))
        case 20:
            let add = one(Self.tags), remove = one(Self.tags)
            switch pick(3) {
            case 0: return .tag(row: row, add: [add], remove: [])
            case 1: return .tag(row: row, add: [], remove: [remove])
            default: return .tag(row: row, add: [add], remove: [remove])
            }
        case 21: return .postpone(row: row, day: chance(3) ? nil : day())
        case 22..<24: return .undo
        case 24: return .redo
        case 25..<34: return query()
        case 34..<36: return .list
        case 36..<38: return .view
        default: return .day(ModelDay.today + pick(9) - 1)
        }
    }

    private mutating func statusStep(row: Int) -> ModelStep {
        switch pick(5) {
        case 0, 1: return .start(row: row)
        case 2: return .stop(row: row)
        case 3: return .cancel(row: row)
        default:
            let percent = one([0, 10, 40, 99, 100])
            return .progress(row: row, percent: percent, text: chance(2) ? "\(percent)%" : "\(percent)")
        }
    }

    mutating func create(rows: Int) -> ModelCreate {
        var spec = ModelCreate(title: one(Self.titles))
        switch pick(6) {
        case 0: spec.date = .omitted
        case 1: spec.date = .none
        default: spec.date = .day(day())
        }
        if chance(6) { spec.start = day() }
        if chance(3) { spec.notes = one(Self.notes) }
        if chance(2) {
            if chance(2) {
                let (word, number) = one(Self.priorityWords)
                spec.priority = (word, number)
            } else {
                let number = 1 + pick(9)
                spec.priority = (String(number), number)
            }
        }
        for _ in 0..<pick(3) { spec.tags.append(one(Self.tags)) }
        if chance(3) { spec.list = one(Self.lists) }
        if chance(3) {
            let (name, point) = one(Self.places)
            spec.place = (name, point)
        }
        // A repeating subtask is left out: how a series with subtasks lives (which occurrence a
        // check makes, for whom) is issue 42's to decide, and a new seed in CI met it
        // (14174019737940458884: the store made one item more than the model).
        if rows > 0, chance(6) {
            spec.under = 1 + pick(rows)
        } else if chance(7), case .day = spec.date, spec.start == nil {
            spec.every = one(ModelRepeat.allCases)
        }
        return spec
    }

    mutating func edit() -> ModelEdit {
        var edit = ModelEdit()
        while edit.isEmpty {
            if chance(4) { edit.title = one(Self.titles) }
            if chance(3) { edit.due = chance(4) ? .clear : .set(day()) }
            if chance(8) { edit.start = chance(2) ? .clear : .set(day()) }
            if chance(4) { edit.notes = chance(3) ? .clear : .set(one(Self.notes)) }
            if chance(4) {
                if chance(4) {
                    edit.priority = .clear
                } else {
                    let number = 1 + pick(9)
                    edit.priority = .set(number)
                    edit.priorityText = String(number)
                }
            }
            if chance(4) { edit.tags = chance(3) ? .clear : .set([one(Self.tags)]) }
        }
        return edit
    }

    mutating func query() -> ModelStep {
        var near = false
        let expression = query(depth: 0, near: &near)
        if near, chance(2) {
            let (text, metres) = one(Self.withins)
            return .find(expression, ModelQuery.Within(text: text, metres: metres))
        }
        return .find(expression, .standard)
    }

    private mutating func query(depth: Int, near: inout Bool) -> ModelQuery {
        guard depth < 3, chance(depth + 2) else { return .term(term(&near)) }
        let count = 2 + pick(2)
        let parts = (0..<count).map { _ in
            chance(4) ? .not(query(depth: depth + 1, near: &near)) : query(depth: depth + 1, near: &near)
        }
        return chance(2) ? .all(parts) : .any(parts)
    }

    private mutating func term(_ near: inout Bool) -> ModelTerm {
        if statuses, chance(6) { return statusTerm() }
        switch pick(13) {
        case 0, 1: return .word(one(Self.queryWords))
        case 2: return .tag(one(Self.tags))
        case 3:
            let marks: [(String, ClosedRange<Int>)] = [("!!!", 1...4), ("!!", 5...5), ("!", 6...9), ("priority:high", 1...4),
                                                       ("priority:m", 5...5), ("priority:low", 6...9)]
            if chance(3) {
                let number = 1 + pick(9)
                return .priority(text: "priority:\(number)", numbers: number...number)
            }
            let (text, numbers) = one(marks)
            return .priority(text: text, numbers: numbers)
        case 4, 5: return due()
        case 6: return one([.open, .done, .overdue])
        case 7: return one([.repeating, .located, .undated, .subtask])
        case 8:
            near = true
            return .near(one(Self.places).1)
        case 9:
            let name = one(Self.lists + ["local"])
            return .list(name, main: name == "local")
        default:
            if chance(2) { return .word(one(Self.queryWords)) }
            return chance(2) ? .tag(one(Self.tags)) : due()
        }
    }

    /// `is:started`, `is:cancelled`, `progress:` in each form (none counts as 0%).
    private mutating func statusTerm() -> ModelTerm {
        let a = one([0, 10, 40, 50, 99, 100])
        switch pick(7) {
        case 0: return .started
        case 1: return .cancelled
        case 2: return .progress(text: "\(a)", first: a, last: a)
        case 3: return a == 0 ? .progress(text: "<=0", first: 0, last: 0) : .progress(text: "<\(a)%", first: 0, last: a - 1)
        case 4: return a == 100 ? .progress(text: ">=100", first: 100, last: 100) : .progress(text: ">\(a)", first: a + 1, last: 100)
        case 5: return .progress(text: "\(a)..", first: a, last: 100)
        default: return .progress(text: "..\(a)", first: 0, last: a)
        }
    }

    /// `due:` in each form; `<` and `>` strict, `..` both ends included, a side left open.
    private mutating func due() -> ModelTerm {
        let a = day(), b = day()
        let low = min(a, b), high = max(a, b)
        switch pick(7) {
        case 0: return .due(text: ModelDay.iso(a), first: a, last: a)
        case 1: return .due(text: "<" + ModelDay.iso(a), first: ModelTerm.firstDay, last: a - 1)
        case 2: return .due(text: ">" + ModelDay.iso(a), first: a + 1, last: ModelTerm.lastDay)
        case 3: return .due(text: ModelDay.iso(low) + ".." + ModelDay.iso(high), first: low, last: high)
        case 4: return .due(text: ".." + ModelDay.iso(a), first: ModelTerm.firstDay, last: a)
        case 5: return .due(text: ModelDay.iso(a) + "..", first: a, last: ModelTerm.lastDay)
        default:
            let offset = pick(7) - 3
            let text = offset == 0 ? "today" : (offset > 0 ? "+\(offset)d" : "\(offset)d")
            return chance(2) ? .due(text: "<" + text, first: ModelTerm.firstDay, last: ModelDay.today + offset - 1)
                : .due(text: text, first: ModelDay.today + offset, last: ModelDay.today + offset)
        }
    }
}
