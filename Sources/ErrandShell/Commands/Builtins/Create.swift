import ErrandDomain

/// `create`: the Create tab. With a title it creates at once; without one, at a terminal, it
/// asks the declared fields one by one (the same declaration, the same checks).
struct Create: ShellCommand {
    static let title = ArgumentSpec("TITLE", .text, optional: true, rest: true, help: "what to do", prompt: "Title: ")
    static let date = OptionSpec("date", value: "DATE", kind: .date, help: "due day (default today), optionally with HH:MM",
                                 prompt: "Date: ")
    static let noDate = OptionSpec("no-date", help: "no due day: listed under No date", conflicts: date)
    static let place = OptionSpec("at", value: "PLACE", kind: .place, help: "where", prompt: "Place (optional): ")
    static let coords = OptionSpec("coords", value: "LAT,LON", kind: .coordinate,
                                   help: "the place's coordinates, e.g. 48.85,2.35", requires: place,
                                   prompt: "Coordinates LAT,LON (optional): ")
    static let notes = OptionSpec("notes", value: "TEXT", help: "free notes", prompt: "Notes (optional): ")
    static let every = OptionSpec("every", value: "RULE", kind: .schedule,
                                  help: "repeat: day, weekday, week, 2 weeks, month, year, or a day in words: 2nd tuesday, last friday, "
                                      + "last day, last weekday, 15th, mon,wed,fri, weekend (checking it moves on to the next)",
                                  prompt: "Repeat (optional): ")
    static let afterDone = OptionSpec("after-done", help: "count the next one from the day it is checked",
                                      requires: every)
    static let noGeocode = OptionSpec("no-geocode", help: "do not look the place up (it is saved by name only)",
                                      requires: place)
    static let under = OptionSpec("under", value: "N", kind: .itemRow, help: "a subtask of row N of the last listing")
    static let spec = CommandSpec(
        "create", aliases: ["add", "new"], summary: "the Create tab; with a title, create an item at once",
        details: "Without a title, at a terminal, asks field by field, each checked as it is answered "
            + "(Tab offers what fits the field; Date takes none for no date; Ctrl-C or Ctrl-D cancels, nothing is saved). "
            + "A place given without --coords is looked up (ERRAND_GEOCODER) and its coordinates kept.",
        arguments: [title], options: [date, noDate, place, coords, notes, every, afterDone] + RepeatRequest.options + [noGeocode]
            + FieldOptions.create + [under],
        effect: .changesStore, undoable: true) {
        Create(given: CreateFields($0))
    }
    /// What the Create tab shows when there is nobody to ask.
    static let hint = "Create: " + ([spec.name, title.name] + [date, place, coords, notes].map(\.usage)).joined(separator: " ")

    let given: CreateFields

    func run(_ c: inout CommandContext) throws -> Display {
        // From a day's list, an item without a date lands on that day and the list stays in
        // view (from the No date list, it has none); elsewhere the Create tab opens and the
        // day is today.
        let selected = c.session.selectedDay
        let undatedHere = c.session.undatedOpen
        if selected == nil, !undatedHere {
            c.session.tab = .create
            c.session.stack = [.createForm]
        }
        let clock = c.environment.clock
        let defaultDay = selected ?? clock.today
        var given = self.given
        if given.title == nil {
            guard let prompter = c.environment.prompter else {
                c.session.tab = .create
                c.session.stack = [.createForm]
                return Display(screen: .form(Create.hint))
            }
            let label = selected.map { c.environment.labeler.label($0) } ?? (undatedHere ? "no date" : "today")
            guard let words = Create.ask(Form(prompter, command: Create.spec.name, c), defaultDay: label,
                                         undated: selected == nil && undatedHere) else {
                return Display(message: "cancelled; nothing was saved")
            }
            given = CreateFields(try CommandParser(table: c.table).parse(words, spec: Create.spec, context: c.parseContext).values)
        }
        let when = given.date
        // The No date list open, or --no-date: an item without a day. A start without a
        // date is an item that can be begun then, with no due day (listed on its start day);
        // a repeat needs a day, and starts on its start day (as Thunderbird's start-only repeat).
        let start = when == nil ? given.fields.values[.start]?.text.flatMap(DayTime.init(text:)) : nil
        let undated = given.noDate || (when == nil && undatedHere) || (start != nil && given.repeats.isEmpty)
        var due = undated ? nil : when?.day ?? start?.day ?? defaultDay
        let repeats = try given.repeats.resolved(current: nil, due: due, command: Create.spec.name, helper: c.environment.calendarHelper)
        if let repeats, let day = due {
            due = try RepeatStart.first(repeats, onOrAfter: day, command: Create.spec.name) { c.environment.calendarHelper }
        }
        var location = given.place.map { Location(name: $0, coordinate: given.coords) }
        var notice: PlaceLookup.Notice?
        if let typed = location, typed.coordinate == nil, !given.noGeocode,
           !TextSafety.trimmed(typed.name).isEmpty {
            (location, notice) = PlaceLookup.locating(typed, c)
        }
        // Validated once, by the store's rule (ItemRecords.add).
        var item = TodoItem(
            id: c.environment.newID(), title: given.title ?? "", notes: given.notes,
            due: due, time: when?.time ?? (undated ? nil : start?.time), location: location, created: clock.now,
            repeats: repeats)
        given.fields.apply(to: &item)
        try Create.place(&item, under: given.under, c)
        try given.fields.checkReminders(item, was: nil, command: Create.spec.name)
        let added = try c.change { try $0.add(item, journaled: $1) }
        var display = try c.refresh(message: Create.said(added, under: given.under, c.environment.labeler))
        display.notice = notice?.line(row: c.session.row(of: added))
        return display
    }

    /// The list and parent: a subtask goes where its parent is, unless --list says where; a
    /// finished occurrence cannot be a parent (OccurrenceRows).
    static func place(_ item: inout TodoItem, under: TodoItem?, _ c: CommandContext) throws {
        if let under {
            try OccurrenceRows.refuse([under], "create", c.environment.labeler)
            if item.list == nil { item.list = under.list }
        }
        item.list = try c.storedList(item.list)
        item.parent = under?.uid
    }

    /// `created "Cake" in Work for Fri Dec 4 2026 at 18:00, under "Party"`.
    static func said(_ added: TodoItem, under: TodoItem?, _ labeler: DayLabeler) -> String {
        let landing = added.due.map { "for " + labeler.longLabel($0) }
            ?? added.start.map { "starting " + Create.starting($0, labeler) } ?? "without a date"
        let extra = (added.time.map { " at \($0)" } ?? "") + (added.repeats.map { ", \($0)" } ?? "")
            + (under.map { ", under \"\($0.title)\"" } ?? "")
        let into = added.list.map { " in \($0)" } ?? ""
        return "created \"\(added.title)\"\(into) \(landing)\(extra)"
    }

    /// `Fri Dec 4 2026 at 09:00`: when an item without a due day is listed.
    static func starting(_ start: DayTime, _ labeler: DayLabeler) -> String {
        labeler.longLabel(start.day) + (start.time.map { " at \($0)" } ?? "")
    }

    /// Asks each declared field that has a question, arguments then options (an option that needs another
    /// only when that one was answered, the repeat only for an item with a day), each checked
    /// as it is answered, and gives back the words a person would have typed, for the parser
    /// to read as it reads a typed line. nil when the person cancels (Ctrl-C, Ctrl-D).
    /// `undated`: with no date typed the item has none (the No date list is open).
    static func ask(_ form: Form, defaultDay: String, undated: Bool) -> [CommandWord]? {
        var arguments: [CommandWord] = []
        for argument in spec.arguments where argument.prompt != nil {
            guard let answer = form.ask(FormField(argument: argument)) else { return nil }
            arguments.append(CommandWord(answer, literal: true))
        }
        var options: [CommandWord] = []
        var dated = !undated
        for option in spec.options {
            guard option.prompt != nil else { continue }
            if let required = option.requires, !options.contains(CommandWord(required)) { continue }
            if option == every, !dated { continue }
            // How many times, and until when: asked only once a repeat was answered.
            if RepeatRequest.endings.contains(option), !options.contains(CommandWord(every.flag)) { continue }
            let field = option == date ? FormField(option: option, question: "Date [\(defaultDay)]: ", words: ["none"])
                : FormField(option: option)
            guard let answer = form.ask(field) else { return nil }
            if field.isWord(answer, "none") {
                options.append(CommandWord(noDate.flag))
                dated = false
                continue
            }
            if option == date, !TextSafety.trimmed(answer).isEmpty { dated = true }
            if !answer.isEmpty { options += [CommandWord(option.flag), CommandWord(answer, literal: true)] }
        }
        return options + [CommandWord("--")] + arguments
    }
}
