import ErrandDomain

/// `locate N [ADDRESS]`: look an item's place up again (it was not found, or the network was
/// not there), or look up a better address for it. The place keeps its name; an item without
/// one takes ADDRESS as its name. Undo gives the item back as it was.
struct Locate: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let address = ArgumentSpec("ADDRESS", .text, optional: true, rest: true,
                                      help: "what to look up instead of the place's name")
    static let spec = CommandSpec(
        "locate", summary: "look up the coordinates of row N's place (again, or from a better address)",
        details: "Asks the geocoder (ERRAND_GEOCODER), even when it found nothing for the place before.",
        arguments: [row, address], effect: .changesStore, undoable: true) { Locate(listed: try $0.item(row), address: $0.text(address)) }

    let listed: TodoItem
    let address: String?

    func run(_ c: inout CommandContext) throws -> Display {
        let typed = address.map(TextSafety.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        guard let query = typed ?? listed.location?.name else {
            throw ShellError.usage("locate: \"\(listed.title)\" has no place: say where (locate N \"ADDRESS\")")
        }
        let match: PlaceMatch
        switch PlaceLookup.find(query, c, retry: true) {
        case let .success(found): match = found
        case let .failure(failure): throw ShellError.failed("locate: not located: \(failure)")
        }
        var edited = listed
        edited.location = Location(name: listed.location?.name ?? query, coordinate: match.coordinate)
        let message = PlaceLookup.describe(query, match)
        guard edited != listed else { return Display(message: message + " (as before)") }
        let now = c.environment.clock.now
        _ = try c.change { try $0.edit(edited, expecting: listed, at: now, journaled: $1) }
        return try c.refresh(message: message)
    }
}
