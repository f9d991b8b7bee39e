/// Priority on iCalendar's scale: 1 highest to 9 lowest, 1-4 high, 5 medium, 6-9 low (RFC
/// 5545 3.8.1.9). The number another client wrote (Nextcloud's stars, Apple's 1/5/9) is kept
/// exactly; the words only choose a number.
extension ItemField {
    public static let priority = ItemField(
        name: "priority", label: "Priority", kind: .number(1...9), icalProperty: "PRIORITY", icalNone: "0",
        option: FieldOption(name: "priority", clear: "no-priority", valueName: "P",
                            help: "priority: high, medium, low, or 1 (highest) to 9 (lowest)",
                            words: ["high", "medium", "low"], parse: ItemField.parsePriority),
        markLeadsTitle: true,
        mark: { ItemField.priorityMark($0.number ?? 0) },
        detail: { value in
            let n = value.number ?? 0
            return "\(ItemField.priorityWord(n)) (\(n))"
        })

    @Sendable static func parsePriority(_ text: String) throws(DomainError) -> FieldValue {
        switch TextFolding.fold(TextSafety.trimmed(text)) {
        case "high", "h": return .number(1)
        case "medium", "med", "m": return .number(5)
        case "low", "l": return .number(9)
        case let word:
            guard let n = Int(word), (1...9).contains(n) else {
                throw .invalidField("the priority is high, medium, low or 1 to 9: got \"\(text.prefix(40))\"")
            }
            return .number(n)
        }
    }

    public static func priorityWord(_ n: Int) -> String {
        switch n {
        case 1...4: return "high"
        case 5: return "medium"
        default: return "low"
        }
    }

    /// `!!!` high, `!!` medium, `!` low, as Apple Reminders and todoman mark them.
    public static func priorityMark(_ n: Int) -> String {
        switch n {
        case 1...4: return "!!!"
        case 5: return "!!"
        case 6...9: return "!"
        default: return ""
        }
    }
}

extension TodoItem {
    /// 1 (highest) to 9, or nil.
    public var priority: Int? {
        get { fields[.priority]?.number }
        set { fields[.priority] = newValue.map(FieldValue.number) }
    }
}
