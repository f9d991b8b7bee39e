import ErrandDomain

/// `conflicts` and `conflicts N`: the kept conflicts newest first, and one side by side,
/// field by field, the fields that differ marked `≠`.
extension TextPresenter {
    func conflicts(_ kept: [KeptConflict]) -> [String] {
        guard !kept.isEmpty else { return ["no conflicts kept: a sync that merges changes made on both sides keeps each here"] }
        let open = kept.filter { $0.decided == nil }.count
        var out = [style("Conflicts (\(kept.count), \(open) to decide)", "1")]
        let width = String(kept.count).count
        for (i, conflict) in kept.enumerated() {
            var line = number(i + 1, width) + "  " + when(conflict) + "  " + TextPresenter.summary(conflict)
            if let list = conflict.list { line += " (in \(DisplayWidth.sanitize(list)))" }
            line += conflict.decided.map { "  decided: \($0.rawValue)" } ?? (conflict.seen ? "" : "  new")
            out.append(clip(line))
        }
        return out
    }

    /// What the sync's line said of it.
    static func summary(_ conflict: KeptConflict) -> String {
        let title = "\"" + DisplayWidth.sanitize(conflict.title) + "\""
        switch conflict.kind {
        case .edited:
            return title + " " + conflict.fields.joined(separator: ", ") + ": kept from " + (conflict.keptFromServer ? "the server" : "here")
        case .deletedThere: return title + " deleted on the server, changed here: kept here"
        case .deletedHere: return title + " deleted here, changed on the server: kept from the server"
        }
    }

    private func when(_ conflict: KeptConflict) -> String {
        labeler.label(clock.day(of: conflict.at)) + (clock.time(of: conflict.at).map { " \($0)" } ?? "")
    }

    func conflict(_ conflict: KeptConflict, current: TodoItem?) -> [String] {
        var out = [style("Conflict: " + TextPresenter.summary(conflict), "1")]
        out.append("  synced " + labeler.longLabel(clock.day(of: conflict.at)) + (clock.time(of: conflict.at).map { " at \($0)" } ?? "")
                   + (conflict.list.map { " in " + DisplayWidth.sanitize($0) } ?? ""))
        let total = width ?? TextPresenter.readingWidth
        let labelWidth = 10
        let column = max(10, (total - 2 - labelWidth - 2 - 2) / 2)
        out.append("  " + String(repeating: " ", count: labelWidth) + "  " + DisplayWidth.pad("Here", to: column) + "  " + "On the server")
        for (label, here, there) in TextPresenter.sides(conflict, labeler: labeler) {
            let mark = here == there ? " " : "≠"
            let left = TextWrap.wrap(here, width: column)
            let right = TextWrap.wrap(there, width: column)
            for line in 0..<max(left.count, right.count, 1) {
                let name = line == 0 ? DisplayWidth.pad(label, to: labelWidth) : String(repeating: " ", count: labelWidth)
                let a = left.indices.contains(line) ? left[line] : ""
                let b = right.indices.contains(line) ? right[line] : ""
                var row = (line == 0 ? mark : " ") + " " + name + "  " + DisplayWidth.pad(a, to: column) + "  " + b
                while row.last == " " { row.removeLast() }
                out.append(row)
            }
        }
        if current == nil { out.append("  The item is no longer here (deleted since).") }
        out.append(conflict.decided.map { "  Decided: kept \($0.rawValue == "there" ? "the server's" : $0.rawValue == "here" ? "this store's" : "both"); keep here, there or both decides it again" }
                   ?? "  keep here, keep there or keep both decides it (keep \(conflict.losing.rawValue) brings back the side that lost)")
        return out
    }

    /// Each field either side holds: its label, and its value on each side ("(deleted)" for a side that deleted the item).
    static func sides(_ conflict: KeptConflict, labeler: DayLabeler) -> [(String, String, String)] {
        func fields(_ item: TodoItem?) -> [String: String] {
            guard let item else { return [:] }
            var values: [String: String] = ["Title": DisplayWidth.sanitize(item.title), "State": item.state.rawValue]
            if let due = item.due { values["Due"] = labeler.longLabel(due) + (item.time.map { " at \($0)" } ?? "") }
            if let notes = item.notes { values["Notes"] = DisplayWidth.sanitize(notes.split(whereSeparator: \.isNewline).joined(separator: " / ")) }
            if let place = item.location?.name { values["Place"] = DisplayWidth.sanitize(place) }
            if let rule = item.repeats { values["Repeats"] = rule.description }
            for (field, value) in item.fields.present where field != .status && field != .parent && field != .reminded {
                values[field.label] = DisplayWidth.sanitize(field.detail(value).split(separator: "\n").joined(separator: ", "))
            }
            return values
        }
        let here = fields(conflict.here), there = fields(conflict.there)
        let order = ["Title", "Due", "Notes", "Place", "Repeats"] + ItemField.declared.map(\.label) + ["State"]
        return order.filter { here[$0] != nil || there[$0] != nil }.map { label in
            (label, conflict.here == nil ? "(deleted)" : here[label] ?? "", conflict.there == nil ? "(deleted)" : there[label] ?? "")
        }
    }
}
