import ErrandDomain

/// Apple's `X-APPLE-STRUCTURED-LOCATION;...;X-TITLE="Name":geo:LAT,LON` (Apple Reminders puts it
/// in a location alarm's VALARM, tasks.org in its geofence's, Apple Calendar on the component):
/// the place's name and coordinates, read from the line as written. Only read: the line goes
/// back byte for byte whatever the item's place becomes, so the phone keeps its alarm.
enum StructuredLocation {
    static let property = "X-APPLE-STRUCTURED-LOCATION"

    /// The first readable one, the VTODO's own before its alarms'.
    static func read(_ todo: RawComponent) -> Location? {
        let lines = todo.lines + todo.components.flatMap(\.lines)
        for line in lines where line.name == property {
            if let location = location(line.unfolded) { return location }
        }
        return nil
    }

    /// `geo:` coordinates (RFC 5870: `geo:LAT,LON[,ALT][;...]`) that are real ones; the name is
    /// X-TITLE, else the coordinates.
    static func location(_ line: Substring) -> Location? {
        let (parameters, value) = split(line)
        guard value.lowercased().hasPrefix("geo:") else { return nil }
        let numbers = value.dropFirst(4).prefix { $0 != ";" }.split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count >= 2, let lat = Double(numbers[0]), let lon = Double(numbers[1]),
              let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { return nil }
        let title = parameters["X-TITLE"].map(VTodoFields.safeLine).flatMap { $0.isEmpty ? nil : $0 }
        let name = title.map { VTodoFields.cut($0, TodoItem.maxTitle) } ?? "\(coordinate.latitude),\(coordinate.longitude)"
        return Location(name: name, coordinate: coordinate)
    }

    /// The parameters (names upper-cased, values unquoted, RFC 6868's `^n`, `^'`, `^^` read)
    /// and the value after the first colon outside quotes.
    static func split(_ line: Substring) -> (parameters: [String: String], value: Substring) {
        var parameters: [String: String] = [:]
        var name = ""
        var current = ""
        var inValue = false
        var quoted = false
        var index = line.startIndex
        // Past the property's name.
        while index < line.endIndex, line[index] != ";", line[index] != ":" { index = line.index(after: index) }
        func finish() {
            if !name.isEmpty, parameters[name.uppercased()] == nil { parameters[name.uppercased()] = caretDecoded(current) }
            name = ""
            current = ""
            inValue = false
        }
        while index < line.endIndex {
            let c = line[index]
            if c == "\"" {
                quoted.toggle()
            } else if !quoted, c == ":" {
                finish()
                return (parameters, line[line.index(after: index)...])
            } else if !quoted, c == ";" {
                finish()
            } else if !quoted, c == "=", !inValue {
                inValue = true
            } else if inValue {
                current.append(c)
            } else {
                name.append(c)
            }
            index = line.index(after: index)
        }
        return (parameters, "")
    }

    static func caretDecoded(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var out = ""
        var caret = false
        for c in text {
            if caret {
                switch c {
                case "n": out.append(" ")
                case "'": out.append("\"")
                case "^": out.append("^")
                default: out.append("^"); out.append(c)
                }
                caret = false
            } else if c == "^" {
                caret = true
            } else {
                out.append(c)
            }
        }
        if caret { out.append("^") }
        return out
    }
}
