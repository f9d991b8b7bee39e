/// How far along an item is, iCalendar's PERCENT-COMPLETE (Thunderbird, Evolution, Nextcloud
/// Tasks and jtx Board write it): `progress N 40%`, or `--progress` on create and edit. 0 is
/// no progress (PERCENT-COMPLETE:0 is read as none, and none is 0% to `find progress:`).
/// Checking an item with a progress makes it 100, as those clients do; unchecking drops a 100.
extension ItemField {
    public static let progress = ItemField(
        name: "progress", label: "Progress", kind: .number(0...100), icalProperty: "PERCENT-COMPLETE", icalNone: "0",
        option: FieldOption(name: "progress", clear: "no-progress", valueName: "PERCENT",
                            help: "how far along it is: 0 to 100, with or without % (0 clears it)",
                            asked: false, parse: ItemField.parseProgress),
        mark: { "\($0.number ?? 0)%" },
        detail: { "\($0.number ?? 0)%" })

    @Sendable static func parsePercent(_ text: String) -> Int? {
        var digits = TextSafety.trimmed(text)
        if digits.hasSuffix("%") { digits.removeLast() }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let n = Int(digits), (0...100).contains(n) else {
            return nil
        }
        return n
    }

    @Sendable static func parseProgress(_ text: String) throws(DomainError) -> FieldValue {
        guard let n = parsePercent(text) else {
            throw .invalidField("the progress is 0 to 100, with or without %: got \"\(text.prefix(40))\"")
        }
        return .number(n)
    }
}

extension TodoItem {
    /// 1 to 100, or nil (none, 0%).
    public var progress: Int? {
        get { fields[.progress]?.number }
        set { fields[.progress] = newValue.flatMap { $0 == 0 ? nil : FieldValue.number($0) } }
    }

    /// A progress as a user gives it (`progress N 40%`, `--progress 40`): short of 100 it also
    /// starts an item still to do, as Thunderbird and Nextcloud Tasks do.
    public mutating func setProgress(_ percent: Int) {
        progress = percent
        if state == .toDo, (1...99).contains(percent) { state = .started }
    }
}
