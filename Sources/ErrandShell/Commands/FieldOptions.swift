import ErrandDomain

/// `create` and `edit` options made from the declared fields (ItemField.option): a field
/// joins both commands, their help, Tab completion and the forms without a line in either.
enum FieldOptions {
    /// `--priority P`, `--tag TAG`: what create takes, each asked by the form.
    static let create: [OptionSpec] = typed.map { value($0, conflicts: nil) }

    /// The declared fields a person sets (`remind` alone sets when reminders last rang).
    static let typed = ItemField.declared.filter { $0.option != nil }

    /// As create's, each with its `--no-...` flag.
    static let edit: [OptionSpec] = typed.flatMap { field in
        [value(field, conflicts: clear(field)), clear(field)]
    }

    static func value(_ field: ItemField, conflicts: OptionSpec?) -> OptionSpec {
        let option = field.option
        return OptionSpec(option?.name ?? field.name, value: option?.valueName ?? "VALUE", kind: .field(field), help: option?.help ?? "",
                          conflicts: conflicts, prompt: option?.asked == false ? nil : "\(field.label) (optional): ", repeatable: option?.repeatable ?? false)
    }

    static func clear(_ field: ItemField) -> OptionSpec {
        OptionSpec(field.option?.clear ?? "no-" + field.name, help: "no \(field.name)")
    }

    /// The field an option sets, if it is one of these.
    static func field(of option: OptionSpec) -> ItemField? {
        if case let .field(field)? = option.valueKind { return field }
        return nil
    }

    /// The declared fields given on the line: a value to set, or `--no-...` to clear.
    static func changes(_ values: ArgumentValues) -> FieldChanges {
        var changes = FieldChanges()
        for field in typed {
            if let value = values.field(value(field, conflicts: nil)) { changes.values[field] = value }
            if values.has(clear(field)) { changes.cleared.append(field) }
        }
        return changes
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
