import ErrandDomain

/// `board --json`: each column with its state, heading, total and numbered items.
extension JSONPresenter {
    func board(_ columns: [BoardColumn]) -> [(String, JSONValue)] {
        [("screen", .string("board")),
         ("columns", .array(columns.map { column in
             .object([("state", .string(column.state.rawValue)), ("heading", .string(column.heading)),
                      ("total", .int(column.total)), ("query", .string(column.query)),
                      ("items", .array(column.rows.enumerated().map { i, item in
                          .object([("n", .int(column.first + i))] + JSONPresenter.fields(item))
                      }))])
         }))]
    }
}
