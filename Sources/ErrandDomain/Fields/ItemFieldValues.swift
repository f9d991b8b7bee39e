/// The declared fields an item has (ItemField), by name. Only checked values are kept: the
/// subscript goes through the declaration's kind, so a value of the wrong kind never lands.
public struct ItemFieldValues: Hashable, Sendable {
    private var values: [String: FieldValue] = [:]

    public init() {}

    public subscript(field: ItemField) -> FieldValue? {
        get { values[field.name] }
        set { values[field.name] = newValue }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The fields present, in declaration order.
    public var present: [(field: ItemField, value: FieldValue)] {
        ItemField.declared.compactMap { field in values[field.name].map { (field, $0) } }
    }

    /// Every value checked again (ItemField.checked): what validated() does before a write.
    public func checked() throws(DomainError) -> ItemFieldValues {
        var copy = ItemFieldValues()
        for (field, value) in present { copy[field] = try field.checked(value) }
        return copy
    }
}
