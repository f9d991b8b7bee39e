/// Tags: words without a comma, compared case and accents aside, synced as one CATEGORIES
/// line. A limit keeps one runaway import from turning a row into a page.
extension ItemField {
    public static let maxTags = 100
    public static let maxTagLength = 100

    public static let tags = ItemField(
        name: "tags", label: "Tags", kind: .words(maxCount: maxTags, maxLength: maxTagLength),
        icalProperty: "CATEGORIES", merge: .asSet,
        option: FieldOption(name: "tag", clear: "no-tags", valueName: "TAG",
                            help: "a tag (repeat for more): any words without a comma",
                            repeatable: true, completesFromStore: true,
                            parse: { text throws(DomainError) in
                                // A leading # is how lists show a tag, so typing it back works.
                                let word = text.hasPrefix("#") ? String(text.dropFirst()) : text
                                return .words([word])
                            }),
        mark: { value in (value.words ?? []).map { "#" + $0 }.joined(separator: " ") },
        detail: { value in (value.words ?? []).joined(separator: ", ") })
}

extension TodoItem {
    /// In the order given, each once (case and accents aside); empty when none.
    public var tags: [String] {
        get { fields[.tags]?.words ?? [] }
        set { fields[.tags] = newValue.isEmpty ? nil : .words(newValue) }
    }
}
