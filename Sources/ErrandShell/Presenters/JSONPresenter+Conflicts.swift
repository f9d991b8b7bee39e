import ErrandDomain
import FoundationEssentials

/// `conflicts --json` and `conflicts N --json`: each conflict with its kind, fields, winner and
/// decision; one conflict with both versions as the export writes items (null for a side that
/// deleted it).
extension JSONPresenter {
    func conflicts(_ kept: [KeptConflict]) -> [(String, JSONValue)] {
        [("screen", .string("conflicts")),
         ("items", .array(kept.enumerated().map { i, conflict in .object([("n", .int(i + 1))] + JSONPresenter.summary(conflict)) }))]
    }

    func conflict(_ conflict: KeptConflict, current: TodoItem?) -> [(String, JSONValue)] {
        [("screen", .string("conflict")),
         ("conflict", .object(JSONPresenter.summary(conflict) + [
             ("here", conflict.here.map { .object(JSONPresenter.fields($0)) } ?? .null),
             ("there", conflict.there.map { .object(JSONPresenter.fields($0)) } ?? .null),
             ("current", current.map { .object(JSONPresenter.fields($0)) } ?? .null),
         ]))]
    }

    static func summary(_ conflict: KeptConflict) -> [(String, JSONValue)] {
        [("title", .string(conflict.title)), ("at", .string(APIDate.format(Int64(conflict.at.timeIntervalSince1970)))),
         ("list", conflict.list.map(JSONValue.string) ?? .null), ("kind", .string(conflict.kind.rawValue)),
         ("fields", .array(conflict.fields.map(JSONValue.string))),
         ("kept", .string(conflict.keptFromServer ? "there" : "here")), ("seen", .bool(conflict.seen)),
         ("decided", conflict.decided.map { .string($0.rawValue) } ?? .null)]
    }
}
