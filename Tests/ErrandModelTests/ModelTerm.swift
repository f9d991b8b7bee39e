/// One term of `find`'s grammar as README's "Finding" table states it: its text as typed, the
/// outline `--json` should report for it, and which items it matches. Written from README, not
/// from QueryTerm.
enum ModelTerm: Equatable {
    case word(String)
    case tag(String)
    /// The text typed (`!!!`, `priority:h`, `priority:7`) and the numbers it means.
    case priority(text: String, numbers: ClosedRange<Int>)
    /// The text typed after `due:` and the days it means, both ends included.
    case due(text: String, first: Int, last: Int)
    case open, done, overdue, repeating, located, undated, subtask, started, cancelled
    /// The text typed after `progress:` and the percents it means, both ends included.
    case progress(text: String, first: Int, last: Int)
    case near(ModelPoint)
    /// A list's name as typed; `main` when it names the store's main list.
    case list(String, main: Bool)

    /// Every day the grammar can name: DueDay's range, 0001-01-01 through 9999-12-31.
    static let firstDay = ModelDay.number(1, 1, 1)
    static let lastDay = ModelDay.number(9999, 12, 31)

    var text: String {
        switch self {
        case let .word(word): word
        case let .tag(tag): "#" + tag
        case let .priority(text, _): text
        case let .due(text, _, _): "due:" + text
        case .open: "is:open"
        case .done: "is:done"
        case .overdue: "is:overdue"
        case .repeating: "is:repeating"
        case .located: "is:located"
        case .undated: "is:undated"
        case .subtask: "is:subtask"
        case .started: "is:started"
        case .cancelled: "is:cancelled"
        case let .progress(text, _, _): "progress:" + text
        case let .near(point): "near:" + point.text
        case let .list(name, _): "list:" + name
        }
    }

    func outline(within metres: Int) -> String {
        switch self {
        case let .word(word): ModelFolding.fold(word)
        case let .tag(tag): "#" + ModelFolding.fold(tag)
        case let .priority(_, numbers): "priority:\(numbers.lowerBound)-\(numbers.upperBound)"
        case let .due(_, first, last): "due:" + ModelDay.iso(first) + ".." + ModelDay.iso(last)
        case .overdue: "is:overdue(before " + ModelDay.iso(ModelDay.today) + ")"
        case let .near(point): "near:" + point.text + " within:\(metres)m"
        case let .list(name, main): "list:" + ModelFolding.fold(name) + (main ? "(main)" : "")
        case let .progress(_, first, last): "progress:\(first)-\(last)"
        default: text
        }
    }

    func matches(_ item: ModelItem, within metres: Double) -> Bool {
        switch self {
        case let .word(word):
            let folded = ModelFolding.fold(word)
            return item.words.contains { $0.hasPrefix(folded) }
        case let .tag(tag): return item.tags.contains { ModelFolding.fold($0) == ModelFolding.fold(tag) }
        case let .priority(_, numbers): return item.priority.map(numbers.contains) ?? false
        // "never the items without a date"
        case let .due(_, first, last): return item.listDay.map { first <= $0 && $0 <= last } ?? false
        case .open: return !item.done
        case .done: return item.done
        case .overdue: return !item.done && (item.listDay.map { $0 < ModelDay.today } ?? false)
        case .repeating: return item.repeats != nil
        case .located: return item.point != nil
        case .undated: return item.listDay == nil
        case .subtask: return item.parent != nil
        case .started: return item.started
        case .cancelled: return item.cancelled
        // "an item without a progress is at 0%"
        case let .progress(_, first, last): return (first...last).contains(item.progress ?? 0)
        case let .near(point): return !item.done && (item.point.map { $0.metres(to: point) <= metres } ?? false)
        case let .list(name, main):
            return item.list.map { ModelFolding.fold($0) == ModelFolding.fold(name) } ?? main
        }
    }
}
