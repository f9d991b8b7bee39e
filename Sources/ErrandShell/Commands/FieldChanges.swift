import ErrandDomain

/// The declared fields one create or edit line gives: values to set and fields to clear
/// (`--no-...`), read once from the line when the command is made (FieldOptions.changes).
struct FieldChanges: Equatable, Sendable {
    var values = ItemFieldValues()
    var cleared: [ItemField] = []

    var isEmpty: Bool { values.isEmpty && cleared.isEmpty }

    /// Onto `item`: a value replaces, a cleared field goes.
    func apply(to item: inout TodoItem) {
        for (field, value) in values.present { item.fields[field] = value }
        for field in cleared { item.fields[field] = nil }
        // Given here as by `progress N`: short of 100 it starts an item still to do.
        if let percent = values[.progress]?.number { item.setProgress(percent) }
    }
}
