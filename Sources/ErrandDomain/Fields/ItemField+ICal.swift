/// A declared field's iCalendar value text, one rule per kind (RFC 5545 section 3.3): the
/// helper (errand-ical) writes and reads the property through here, and CalendarWire carries
/// the same text between errand and the helper.
extension ItemField {
    /// The value as a property's value text: a number in decimal, words as one comma list
    /// (`CATEGORIES:home,errands`, as todoman and tasks.org write it), text escaped.
    public func icalText(_ value: FieldValue) -> String {
        switch value {
        case let .number(n): return String(n)
        case let .words(words): return words.map(ItemField.escaped).joined(separator: ",")
        case let .text(text): return ItemField.escaped(text)
        }
    }

    /// The value of every occurrence of the property (a VTODO may hold CATEGORIES twice),
    /// checked; nil when absent or `icalNone`. The reason names the field and the limit.
    public func value(icalTexts texts: [String]) throws(DomainError) -> FieldValue? {
        let texts = texts.filter { $0 != icalNone }
        guard !texts.isEmpty else { return nil }
        switch kind {
        case .number:
            let raw = texts[texts.startIndex].trimmingSpaces
            guard let n = Int(raw) else {
                throw .invalidField("the \(name) must be a whole number: got \"\(raw.prefix(40))\"")
            }
            return try checked(.number(n))
        case let .words(maxCount, _):
            var words: [String] = []
            for text in texts {
                for word in ItemField.splitList(text) where !TextSafety.trimmed(word).isEmpty {
                    words.append(word)
                    // Counted as they come: ten thousand values are refused before all are read.
                    guard words.count <= maxCount else {
                        throw .invalidField("an item holds at most \(maxCount) \(name): this one has more")
                    }
                }
            }
            return words.isEmpty ? nil : try checked(.words(words))
        case .text, .dayTime, .choice:
            return try checked(.text(ItemField.unescaped(texts[texts.startIndex])))
        case .reminders:
            // The wire to errand-ical carries them as one comma list, like words.
            return try checked(.words(texts.flatMap(ItemField.splitList)))
        }
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for c in text {
            if escaping {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Splits at the commas no backslash escapes, unescaping each part.
    static func splitList(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for c in text {
            if escaping {
                current.append("\\")
                current.append(c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else if c == "," {
                parts.append(unescaped(current))
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(unescaped(current))
        return parts
    }
}

extension String {
    fileprivate var trimmingSpaces: String { TextSafety.trimmed(self) }
}
