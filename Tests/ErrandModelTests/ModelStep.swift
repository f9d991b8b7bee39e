/// One thing a user does, as the differential run types it. Steps that name a row are typed
/// after `list`, and the model learns which item the row is from that listing.
enum ModelStep: Equatable {
    case create(ModelCreate)
    case edit(row: Int, ModelEdit)
    case check(row: Int)
    case uncheck(row: Int)
    case swipe(row: Int)
    case move(row: Int, list: String)
    case tag(row: Int, add: [String], remove: [String])
    case postpone(row: Int, day: Int?)
    case start(row: Int), stop(row: Int), cancel(row: Int)
    /// The percent and the text typed for it (`40%`, `40`).
    case progress(row: Int, percent: Int, text: String)
    case undo, redo
    case find(ModelQuery, ModelQuery.Within)
    case list, view
    case day(Int)

    var row: Int? {
        switch self {
        case let .edit(row, _), let .check(row), let .uncheck(row), let .swipe(row), let .move(row, _),
             let .tag(row, _, _), let .postpone(row, _), let .start(row), let .stop(row), let .cancel(row),
             let .progress(row, _, _): row
        case let .create(spec): spec.under
        default: nil
        }
    }

    /// The line typed.
    var line: String {
        switch self {
        case let .create(spec): spec.line
        case let .edit(row, edit): "edit \(row) " + edit.words.joined(separator: " ")
        case let .check(row): "check \(row)"
        case let .uncheck(row): "uncheck \(row)"
        case let .swipe(row): "swipe \(row) --yes"
        case let .move(row, list): "move \(row) --list \(list)"
        case let .tag(row, add, remove): "tag \(row) " + (add + remove.map { "-" + $0 }).joined(separator: " ")
        case let .postpone(row, day): "postpone \(row)" + (day.map { " " + ModelDay.iso($0) } ?? "")
        case let .start(row): "start \(row)"
        case let .stop(row): "stop \(row)"
        case let .cancel(row): "cancel \(row)"
        case let .progress(row, _, text): "progress \(row) \(text)"
        case .undo: "undo"
        case .redo: "redo"
        case let .find(query, within): "find " + query.text + (within.text.map { " within:" + $0 } ?? "")
        case .list: "list"
        case .view: "view"
        case let .day(day): "day " + ModelDay.iso(day)
        }
    }
}
