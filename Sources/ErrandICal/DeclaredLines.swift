import ErrandDomain

/// The declared item fields (ItemField.declared: priority, tags) in a VTODO's lines: read
/// from the lines as written, through the declaration (ItemField.value(icalTexts:)), and
/// written as one line each (`CATEGORIES:home,errands`, as todoman and tasks.org write it).
/// Not through libical: its parser splits a CATEGORIES list into one property per value, and
/// its writer would then send one line per value, which todoman 4.1 cannot read. The line is
/// made and folded by hand; its value text is the declaration's.
enum DeclaredLines {
    /// The values the master VTODO's lines give, and for each one refused the reason, naming
    /// the field and its limit: the item keeps every other field.
    static func read(_ todo: RawComponent) -> (values: ItemFieldValues, refused: [String]) {
        var values = ItemFieldValues()
        var refused: [String] = []
        for field in ItemField.declared {
            guard let property = field.icalProperty else { continue }
            let texts = todo.lines.filter { $0.name == property }.map { String($0.value) }
            do {
                values[field] = try field.value(icalTexts: texts)
            } catch {
                refused.append("\(property) not read: \(error.description)")
            }
        }
        return (values, refused)
    }

    /// The line of each declared field with a value (none for an absent one).
    static func lines(_ values: ItemFieldValues) -> [RawLine] {
        values.present.compactMap { field, value in
            field.icalProperty.map { folded($0 + ":" + field.icalText(value)) }
        }
    }

    /// The property names of the declared fields whose values differ.
    static func changed(_ before: ItemFieldValues?, _ now: ItemFieldValues) -> Set<String> {
        Set(ItemField.declared.compactMap { field in
            before?[field] == now[field] && before != nil ? nil : field.icalProperty
        })
    }

    /// Folded at 75 octets (RFC 5545 3.1), never inside a character.
    static func folded(_ line: String) -> RawLine {
        var physical: [Substring] = []
        var start = line.startIndex
        var octets = 0
        var limit = 75
        for index in line.unicodeScalars.indices {
            let size = line.unicodeScalars[index].utf8.count
            if octets + size > limit {
                physical.append(line[start..<index])
                start = index
                octets = 0
                limit = 74
            }
            octets += size
        }
        physical.append(line[start...])
        let text = physical.joined(separator: "\r\n ")
        return RawLine.lines(text).first ?? RawLine(Substring(text))
    }
}
