/// Tags: words without a comma, compared case and accents aside, synced as one CATEGORIES
/// line. A limit keeps one runaway import from turning a row into a page.
extension ItemField {
    public static let maxTags = 100
    public static let maxTagLength = 100

    public static let tags = ItemField(
        name: "tags", label: "Tags", kind: .words(maxCount: maxTags, maxLength: maxTagLength),
        icalProperty: "CATEGORIES", merge: .asSet,
        option: FieldOption(name: "tag", clear: "no-tags", valueName: "TAG",
                            help: "a tag: words without a comma (repeat --tag, or separate tags with commas)",
                            repeatable: true, completesFromStore: true,
                            parse: { text throws(DomainError) in
                                // No tag holds a comma, so `home, money` is two; a leading # is
                                // how lists show a tag, so typing it back works.
                                let words = text.split(separator: ",", omittingEmptySubsequences: false).map { part in
                                    let word = TextSafety.trimmed(String(part))
                                    return word.hasPrefix("#") ? String(word.dropFirst()) : word
                                }
                                return .words(words)
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
