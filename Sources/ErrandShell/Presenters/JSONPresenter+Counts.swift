import ErrandDomain

/// The screens that count open items by name: `tags` and `lists`.
extension JSONPresenter {
    func tags(_ counts: [WordCount]) -> [(String, JSONValue)] {
        [("screen", .string("tags")), ("items", .array(counts.enumerated().map { i, c in
            .object([("n", .int(i + 1)), ("tag", .string(c.word)), ("open", .int(c.open))])
        }))]
    }

    /// A list, its remote's password masked.
    static func list(_ list: ListSummary) -> JSONValue {
        let remote: JSONValue = list.remote.map { .string(Secrets.redacted($0)) } ?? .null
        let last: JSONValue = list.lastSync.map { .string($0) } ?? .null
        return .object([("name", .string(list.name)), ("open", .int(list.open)), ("main", .bool(list.main)),
                        ("remote", remote), ("lastSync", last), ("inUse", .bool(list.inUse))])
    }
}
