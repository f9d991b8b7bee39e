/// `create` with the options the differential run draws.
struct ModelCreate: Equatable {
    enum DateChoice: Equatable {
        case omitted
        case none
        case day(Int)
    }

    var title: String
    var date: DateChoice = .omitted
    var start: Int?
    var notes: String?
    var priority: (text: String, number: Int)?
    var tags: [String] = []
    var list: String?
    var place: (name: String, point: ModelPoint)?
    var every: ModelRepeat?
    /// A row of the last listing to create under (`--under N`).
    var under: Int?

    var line: String {
        var words = ["create", title]
        switch date {
        case .omitted: break
        case .none: words.append("--no-date")
        case let .day(day): words += ["--date", ModelDay.iso(day)]
        }
        if let start { words += ["--start", ModelDay.iso(start)] }
        if let notes { words += ["--notes", notes] }
        if let priority { words += ["--priority", priority.text] }
        for tag in tags { words += ["--tag", tag] }
        if let list { words += ["--list", list] }
        if let place { words += ["--at", place.name, "--coords", place.point.text, "--no-geocode"] }
        if let every { words += ["--every", every.rawValue] }
        if let under { words += ["--under", String(under)] }
        return words.joined(separator: " ")
    }

    static func == (a: ModelCreate, b: ModelCreate) -> Bool { a.line == b.line }
}
