/// The list an item belongs to, by name (Work, Home, Shopping). No value means the store's
/// main list: the one its remote syncs with, or the local list of a store without one
/// (ListNames.mainName), so items made before lists, imported without one or received from
/// the server need no rewrite and an old store is already one list. A words field of one
/// word: its folded key is what `use`, `find list:` and the counts compare, case and accents
/// aside, as tags are. No iCalendar property: on a server, the list is the collection.
extension ItemField {
    public static let maxListName = 60

    public static let list = ItemField(
        name: "list", label: "List", kind: .words(maxCount: 1, maxLength: maxListName),
        icalProperty: nil,
        option: FieldOption(name: "list", clear: "main-list", valueName: "NAME",
                            help: "the list it belongs to (see lists); a new name makes a new list",
                            completesFromStore: true, asked: false,
                            parse: { text throws(DomainError) in .words([text]) }),
        mark: { value in value.words?.first.map { "[" + $0 + "]" } ?? "" },
        detail: { value in value.words?.first ?? "" })
}

extension TodoItem {
    /// The list's name as written, nil for the main list.
    public var list: String? {
        get { fields[.list]?.words?.first }
        set { fields[.list] = newValue.map { .words([$0]) } }
    }
}
