import ErrandDomain

/// `create` and `edit` options made from the declared fields (ItemField.option): a field
/// joins both commands, their help, Tab completion and the forms without a line in either.
enum FieldOptions {
    /// `--priority P`, `--tag TAG`: what create takes, each asked by the form.
    static let create: [OptionSpec] = ItemField.declared.map { value($0, conflicts: nil) }

    /// As create's, each with its `--no-...` flag.
    static let edit: [OptionSpec] = ItemField.declared.flatMap { field in
        [value(field, conflicts: field.option.clear), clear(field)]
    }

    static func value(_ field: ItemField, conflicts: String?) -> OptionSpec {
        OptionSpec(field.option.name, value: field.option.valueName, kind: .field(field), help: field.option.help,
                   conflicts: conflicts, prompt: "\(field.label) (optional): ", repeatable: field.option.repeatable)
    }

    static func clear(_ field: ItemField) -> OptionSpec {
        OptionSpec(field.option.clear, help: "no \(field.name)")
    }

    /// The field an option sets, if it is one of these.
    static func field(of option: OptionSpec) -> ItemField? {
        if case let .field(field)? = option.value?.kind { return field }
        return nil
    }

    /// The declared fields given on the line, onto `item` (a value replaces, `--no-...` clears).
    static func apply(_ values: ArgumentValues, to item: inout TodoItem) {
        for field in ItemField.declared {
            if let value = values.field(value(field, conflicts: nil)) { item.fields[field] = value }
            if values.has(clear(field)) { item.fields[field] = nil }
        }
    }

    /// The value as the edit form offers it, in a form the option reads back.
    static func current(_ field: ItemField, of item: TodoItem) -> String {
        switch item.fields[field] {
        case nil: return ""
        case let .number(n)?: return String(n)
        case let .words(words)?: return words.joined(separator: ", ")
        case let .text(text)?: return text
        }
    }
}
