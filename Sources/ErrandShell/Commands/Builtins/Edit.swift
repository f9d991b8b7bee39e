import ErrandDomain

/// `edit N --title T --date D ...`: change an item in place. Its id, created time and place in
/// its section stay; the equal-item rule and stale-row protection apply as for `check`.
struct Edit: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let title = OptionSpec("title", value: "TITLE", help: "a new title", prompt: "Title: ")
    static let date = OptionSpec("date", value: "DATE", kind: .date, help: "a new due day, optionally with HH:MM; +3d, -1w count from its own day",
                                 conflicts: noDate, prompt: "Date (optional): ")
    static let noDate = OptionSpec("no-date", help: "no due day (and no time); it is listed under No date")
    static let time = OptionSpec("time", value: "HH:MM", kind: .time, help: "a new time", conflicts: noTime,
                                 prompt: "Time HH:MM (optional): ")
    static let noTime = OptionSpec("no-time", help: "no time on the day")
    static let place = OptionSpec("at", value: "PLACE", kind: .place, help: "a new place (its old coordinates go unless --coords)",
                                  conflicts: noPlace, prompt: "Place (optional): ")
    static let noPlace = OptionSpec("no-place", help: "no place (and no coordinates)")
    static let coords = OptionSpec("coords", value: "LAT,LON", kind: .coordinate, help: "the place's coordinates",
                                   conflicts: noCoords, prompt: "Coordinates LAT,LON (optional): ")
    static let noCoords = OptionSpec("no-coords", help: "keep the place, drop its coordinates")
    static let notes = OptionSpec("notes", value: "TEXT", help: "new notes; bare --notes at a terminal edits them in your editor, as notes N",
                                  conflicts: noNotes, prompt: "Notes (optional): ", valueOptional: true)
    static let noNotes = OptionSpec("no-notes", help: "no notes")
    static let every = OptionSpec("every", value: "RULE", kind: .schedule,
                                  help: "repeat: day, weekday, week, 2 weeks, month, year, or a day in words: 2nd tuesday, "
                                      + "last friday, last day, 15th, mon,wed,fri", conflicts: noRepeat,
                                  prompt: "Repeat (optional): ")
    static let afterDone = OptionSpec("after-done", help: "with --every: count from the day it is checked",
                                      requires: every)
    static let noRepeat = OptionSpec("no-repeat", help: "stop repeating")
    static let noGeocode = OptionSpec("no-geocode", help: "with --at: do not look the new place up", requires: place)
    static let under = OptionSpec("under", value: "M", kind: .itemRow, help: "make it a subtask of row M of the last listing",
                                  conflicts: topLevel)
    static let topLevel = OptionSpec("top-level", help: "no longer a subtask: listed on its own")
    /// `edit N +urgent -travel`, as taskwarrior's `modify +x -y`: the other tags stay, where
    /// `--tag` replaces them all.
    static let tagWords = ArgumentSpec("+TAG -TAG", .tagChanges, optional: true, rest: true,
                                       help: "tags to add (+home) and to take away (-home); the others stay")
    static let spec = CommandSpec(
        "edit", summary: "change row N in place: title, date, place, notes, priority, tags...",
        details: "The item keeps its id, created time and place in its section; undo reverts the edit. "
            + "Bare edit N, at a terminal, asks each field with its current value to edit (Ctrl-C changes nothing).",
        arguments: [row, tagWords], options: [title, date, noDate, time, noTime, place, noPlace, coords, noCoords, notes, noNotes,
                                    every, afterDone] + RepeatRequest.options + [noRepeat, noGeocode] + FieldOptions.edit + [under, topLevel],
                                  effect: .changesStore, undoable: true) {
        Edit(listed: try $0.item(row), changes: EditChanges($0), editsNotes: $0.has(notes) && $0.text(notes) == nil,
             tagChange: try Edit.tagChange($0.text(tagWords)))
    }

    let listed: TodoItem
    let changes: EditChanges
    /// Bare `--notes`: the notes in the person's editor, as `notes N`.
    let editsNotes: Bool
    /// `+TAG -TAG` words after the row.
    let tagChange: TagChange?

    /// The words after N, each +TAG or -TAG: a bare word there was a typo more often than a tag.
    static func tagChange(_ text: String?) throws -> TagChange? {
        guard let text else { return nil }
        for word in text.split(separator: " ") where !(word.hasPrefix("+") || word.hasPrefix("-")) {
            throw ShellError.usage("edit: \(ShellError.quote(String(word))) fits nowhere: tags are +TAG to add, -TAG to take away "
                                   + "(--tag TAG replaces them all)")
        }
        return try TagChange(text)
    }
    func run(_ c: inout CommandContext) throws -> Display {
        try OccurrenceRows.refuse([listed] + (changes.under.map { [$0] } ?? []), "edit", c.environment.labeler)
        if editsNotes {
            guard c.environment.prompter != nil else {
                throw ShellError.usage("edit: --notes needs a TEXT here (bare --notes, at a terminal, opens your editor)")
            }
            guard changes.isEmpty else {
                throw ShellError.usage("edit: bare --notes opens your editor and goes alone; give the notes as --notes TEXT "
                                       + "to change them with the rest")
            }
            return try Notes(listed: listed).run(&c)
        }
        var changes = self.changes
        if changes.isEmpty, tagChange == nil {
            guard let prompter = c.environment.prompter else {
                throw ShellError.usage("edit: say what to change: " + Edit.spec.options.map(\.flag).joined(separator: ", "))
            }
            guard let words = Edit.ask(Form(prompter, command: Edit.spec.name, c), item: listed) else {
                return Display(message: "cancelled; nothing was changed")
            }
            let row = c.session.row(of: listed) ?? 1
            changes = EditChanges(try CommandParser(table: c.table).parse([CommandWord(String(row))] + words, spec: Edit.spec,
                                                                          context: c.parseContext).values)
        }
        var edited = try changes.applied(to: listed, helper: c.environment.calendarHelper)
        if let tagChange { edited.tags = tagChange.applied(to: edited.tags) }
        // `edit N --list local` is the main list, which its items carry as no value.
        if edited.list != listed.list { edited.list = try edited.list.flatMap { try c.storedList($0) } }
        var notice: PlaceLookup.Notice?
        // Only a new place is looked up: the form passes the place back as it was, and asking
        // again for it (offline, or paced at one a second) would only cost time.
        if changes.place != nil, let typed = edited.location, typed.coordinate == nil, !changes.noGeocode,
           !TextSafety.trimmed(typed.name).isEmpty, !Edit.samePlace(typed.name, listed.location) {
            (edited.location, notice) = PlaceLookup.locating(typed, c)
        }
        if let parent = changes.under { try Edit.checkUnder(listed, parent, c) }
        guard edited != listed else { return Display(message: "nothing to change: \"\(listed.title)\" already has these values") }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(edited, expecting: listed, at: now, journaled: $1) }
        let due = saved.due == nil ? saved.start.map { "starting " + Create.starting($0, c.environment.labeler) }
            ?? DayLabeler.noDate : c.environment.labeler.longLabel(saved.due) + (saved.time.map { " at \($0)" } ?? "")
        // Tags are the one field a single option replaces whole: the line says what went.
        let tags = saved.tags == listed.tags ? ""
            : ": tags " + Edit.tagList(saved.tags) + " (was " + Edit.tagList(listed.tags) + ")"
        var display = try c.refresh(message: "edited \"\(saved.title)\" (\(due))" + tags)
        display.notice = notice?.line(row: c.session.row(of: saved))
        return display
    }

    static func tagList(_ tags: [String]) -> String {
        tags.isEmpty ? "none" : tags.map { "#" + $0 }.joined(separator: " ")
    }

    /// Bare `edit N` at a terminal: each declared question, its line holding the current value
    /// to edit, checked as it is answered; an emptied optional field is cleared (its --no-
    /// option), `none` clears the date, and an item left without a date is not asked its time
    /// or repeat. A repeat left as it was is not passed on (that would lose its anchor and
    /// "after done"). Gives back the words a person would have typed, for the parser; nil when
    /// the person cancels (Ctrl-C, Ctrl-D).
    static func ask(_ form: Form, item: TodoItem) -> [CommandWord]? {
        var words: [CommandWord] = []
        var hasPlace = false
        var dated = item.due != nil
        // A new place is not offered the old one's coordinates: left as they are, they would
        // pin it where the old place was.
        var moved = false
        for option in spec.options {
            guard option.prompt != nil else { continue }
            if option == coords, !hasPlace { continue }
            if option == time || option == every, !dated {
                if option == every, item.repeats != nil { words.append(CommandWord(noRepeat.flag)) }
                continue
            }
            // An ending is asked of an item that repeats, or is given a repeat here; one left
            // as it was is not passed on (it would make a rule of Errand's own a rich one).
            if RepeatRequest.endings.contains(option) {
                let repeats = words.contains(CommandWord(every.flag)) || item.repeats != nil && !words.contains(CommandWord(noRepeat.flag))
                // Counted from each check, an `after done` repeat has no ending to give.
                guard dated, repeats, item.repeats?.afterDone != true else { continue }
                let current = RepeatRequest.current(option, of: item)
                guard let answer = form.ask(FormField(option: option, initial: current)) else { return nil }
                if !TextSafety.trimmed(answer).isEmpty, answer != current {
                    words += [CommandWord(option.flag), CommandWord(answer, literal: true)]
                }
                continue
            }
            let current = option == coords && moved ? "" : Edit.current(option, of: item)
            // Text that cannot be shown for editing (a line break in notes) is kept when left empty.
            let offered = !TextSafety.containsControl(current)
            let field = FormField(option: option, initial: offered ? current : "", words: option == date ? ["none"] : [])
            guard let answer = form.ask(field) else { return nil }
            if option == place {
                hasPlace = !answer.isEmpty || !offered && !current.isEmpty
                moved = !answer.isEmpty && !samePlace(answer, item.location)
            }
            if option == date { dated = !TextSafety.trimmed(answer).isEmpty && !field.isWord(answer, "none") }
            if option == every, answer == current { continue }
            if field.isWord(answer, "none"), let clear = option.conflicts {
                words.append(CommandWord(clear))
            } else if !answer.isEmpty || offered && option.conflicts == nil {
                words += [CommandWord(option.flag), CommandWord(answer, literal: true)]
            } else if offered, let clear = option.conflicts {
                words.append(CommandWord(clear))
            }
        }
        return words
    }

    /// A parent may not be the item itself or one of its subtasks: the tree would become a cycle.
    static func checkUnder(_ item: TodoItem, _ parent: TodoItem, _ c: CommandContext) throws {
        let name = "\"\(item.title)\""
        guard parent.id != item.id, parent.uid != item.uid else { throw ShellError.usage("edit: \(name) cannot be under itself") }
        let below = try c.store.descendants(of: item)
        if below.contains(where: { $0.id == parent.id || $0.uid == parent.uid }) {
            throw ShellError.usage("edit: \(name) cannot be under \"\(parent.title)\", one of its own subtasks")
        }
    }

    /// Whether `name` is the place `location` already names, as the geocoder's cache keys it.
    static func samePlace(_ name: String, _ location: Location?) -> Bool {
        location.map { PlaceKey.of($0.name) == PlaceKey.of(name) } ?? false
    }

    /// An item's field as the form shows it, in a form its option reads back.
    static func current(_ option: OptionSpec, of item: TodoItem) -> String {
        if option == title { return item.title }
        if option == date { return item.due?.iso ?? "" }
        if option == time { return item.time?.description ?? "" }
        if option == place { return item.location?.name ?? "" }
        if option == coords { return item.location?.coordinate.map { "\($0.latitude),\($0.longitude)" } ?? "" }
        if option == notes { return item.notes ?? "" }
        if let field = FieldOptions.field(of: option) { return FieldOptions.current(field, of: item) }
        // A rule libical keeps (RecurrenceRule) has no words --every reads back: left as it is.
        if option == every, let rule = item.repeats, rule.rule == nil {
            return rule.count == 1 ? rule.unit.rawValue : "\(rule.count) \(rule.unit.rawValue)s"
        }
        return ""
    }
}
