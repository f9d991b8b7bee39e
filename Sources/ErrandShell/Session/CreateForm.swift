import ErrandDomain
import Foundation

/// The Create tab: the fields of a new item, typed on one line or asked one by one.
enum CreateForm {
    static let hint = "Create: create TITLE [--date DATE] [--at PLACE] [--coords LAT,LON] [--notes TEXT]"

    struct Fields: Equatable {
        var title: String
        var date: String?
        var place: String?
        var coords: String?
        var notes: String?

        func item(id: UUID, clock: Clock) throws -> TodoItem {
            let when = try date.map { try DateInputParser.parse($0, today: clock.today) }
            var location: Location?
            if coords != nil, place == nil { throw ShellError.usage("create: --coords needs --at PLACE") }
            if let place {
                location = Location(name: place, coordinate: try coords.map { try Coordinate(text: $0) })
            }
            return try TodoItem(id: id, title: title, notes: notes, due: when?.day ?? clock.today, time: when?.time,
                                location: location, created: clock.now).validated()
        }
    }

    /// Asks field by field; nil when the person cancels (Ctrl-C) at any field.
    static func ask(_ prompter: Prompter) -> Fields? {
        guard let title = prompter.ask("Title: ") else { return nil }
        guard let date = prompter.ask("Date [today]: ") else { return nil }
        guard let place = prompter.ask("Place (optional): ") else { return nil }
        var coords = ""
        if !place.isEmpty {
            guard let typed = prompter.ask("Coordinates LAT,LON (optional): ") else { return nil }
            coords = typed
        }
        guard let notes = prompter.ask("Notes (optional): ") else { return nil }
        func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
        return Fields(title: title, date: optional(date), place: optional(place), coords: optional(coords),
                      notes: optional(notes))
    }
}
