import ErrandDomain

/// `saved`: the saved searches, with what each finds now (null when it was not counted).
extension JSONPresenter {
    func savedSearches(_ rows: [SavedSearchRow]) -> [(String, JSONValue)] {
        [("screen", .string("saved")), ("items", .array(rows.map { row in
            .object([("name", .string(row.search.name)), ("tab", .string(row.search.tab.rawValue)),
                     ("query", .string(row.search.query)), ("count", row.count.map(JSONValue.int) ?? .null)])
        }))]
    }
}
