/// Every command Errand knows, each declared once.
public struct CommandTable: Sendable {
    public let specs: [CommandSpec]

    public init(specs: [CommandSpec]) {
        self.specs = specs
    }

    public func spec(named name: String) -> CommandSpec? {
        let lower = name.lowercased()
        return specs.first { $0.names.contains(lower) }
    }


    public var allNames: [String] { specs.flatMap(\.names) }

    /// The nearest command name, if it is close enough to be a typo.
    public func suggestion(for typed: String) -> String? {
        let lower = typed.lowercased()
        guard !lower.isEmpty, lower.count <= 40 else { return nil }
        if let prefixed = specs.first(where: { $0.name.hasPrefix(lower) }) { return prefixed.name }
        let scored = allNames.map { ($0, EditDistance.between(lower, $0)) }.min { $0.1 < $1.1 }
        guard let (name, distance) = scored, distance <= max(1, min(2, name.count / 3)) else { return nil }
        return spec(named: name)?.name
    }

    public static let standard = CommandTable(specs: [
        CommandSpec("view", action: .view, summary: "the View tab: the next 7 days and how many items fall on each",
                    details: "Numbers in the listing open a day: open N."),
        CommandSpec("week", action: .week, summary: "the 7-day summary starting at another day",
                    arguments: [ArgumentSpec("DATE", .date, rest: true, help: "the first day shown")]),
        CommandSpec("open", action: .open, summary: "open row N of the last listing: a day's list or an item's detail",
                    arguments: [ArgumentSpec("N", .row, help: "a row number of the last listing")]),
        CommandSpec("back", action: .back, summary: "return to the previous screen"),
        CommandSpec("create", aliases: ["add", "new"], action: .create,
                    summary: "the Create tab; with a title, create an item at once",
                    details: "Without a title, at a terminal, asks field by field (Ctrl-C cancels, nothing is saved).",
                    arguments: [ArgumentSpec("TITLE", .text, optional: true, rest: true, help: "what to do")],
                    options: [OptionSpec("date", value: "DATE", kind: .date, help: "due day (default today), optionally with HH:MM"),
                              OptionSpec("at", value: "PLACE", help: "where"),
                              OptionSpec("coords", value: "LAT,LON", help: "the place's coordinates, e.g. 48.85,2.35"),
                              OptionSpec("notes", value: "TEXT", help: "free notes")]),
        CommandSpec("swipe", aliases: ["delete", "rm"], action: .swipe, summary: "delete row N, as swiping left did",
                    arguments: [ArgumentSpec("N", .row, help: "a row number of the last listing")]),
        CommandSpec("check", aliases: ["done"], action: .check, summary: "mark row N done: it moves to the end of Done",
                    arguments: [ArgumentSpec("N", .row, help: "a row number of the last listing")]),
        CommandSpec("uncheck", aliases: ["undone"], action: .uncheck, summary: "move row N back to To do",
                    arguments: [ArgumentSpec("N", .row, help: "a row number of the last listing")]),
        CommandSpec("list", aliases: ["ls"], action: .list, summary: "every item: the To do section, then Done"),
        CommandSpec("day", action: .day, summary: "one day's items",
                    arguments: [ArgumentSpec("DATE", .date, rest: true, help: "the day")]),
        CommandSpec("undo", action: .undo, summary: "revert the last change (create, swipe, check, uncheck, clear, import)",
                    details: "Several levels deep, for changes made in this session."),
        CommandSpec("clear", action: .clear, summary: "remove every item (undo brings them back)",
                    details: "Asks for confirmation at a terminal; scripts must say --yes.",
                    options: [OptionSpec("yes", help: "do not ask")]),
        CommandSpec("import", action: .importItems, summary: "add items from the SwiftUI app's todos.plist or the book app's toDoItems.plist",
                    arguments: [ArgumentSpec("FILE", .file, help: "a property list")]),
        CommandSpec("export", action: .export, summary: "write every item to FILE: .plist (SwiftUI app format) or .json",
                    arguments: [ArgumentSpec("FILE", .file, help: "where to write")]),
        CommandSpec("history", action: .history, summary: "the command history, oldest first"),
        CommandSpec("source", aliases: ["."], action: .source, summary: "run the commands of a script file",
                    arguments: [ArgumentSpec("FILE", .file, help: "a script")]),
        CommandSpec("help", aliases: ["?"], action: .help, summary: "list commands, or explain one",
                    arguments: [ArgumentSpec("COMMAND", .command, optional: true, help: "a command name")]),
        CommandSpec("set", action: .set,
                    summary: "set output text|json, color on|off, pagesize N|off, timing on|off",
                    arguments: [ArgumentSpec("SETTING", .choice(["output", "color", "pagesize", "timing"]),
                                             help: "output, color, pagesize (rows per page of long lists) or timing "
                                                 + "(time each command, on stderr)"),
                                ArgumentSpec("VALUE", .suggestions(["text", "json", "on", "off"]),
                                             help: "text|json, on|off, or a number of rows")]),
        CommandSpec("ads", action: .ads, summary: "the ads tab: the cached catalogue, urgent first, then newest",
                    details: "Syncs first when nothing is cached; refreshes when the cache is older than the maximum age."),
        CommandSpec("filter", action: .filter, summary: "show one category of ads; filter alone shows all again",
                    arguments: [ArgumentSpec("CATEGORY", .category, optional: true, rest: true,
                                             help: "a category name (case and accents do not matter)")]),
        CommandSpec("categories", action: .categories, summary: "the ad categories with their counts"),
        CommandSpec("sync", action: .sync, summary: "fetch the catalogue again (from URL, or where it came from)",
                    arguments: [ArgumentSpec("URL", .file, optional: true,
                                             help: "an http, https or file URL, or a folder, holding listing.json and categories.json")]),
        CommandSpec("more", action: .more, summary: "the next page of a long list (a day, list, ads)"),
        CommandSpec("quit", aliases: ["exit"], action: .quit, summary: "leave Errand"),
    ])

    /// `help` with no argument.
    public var overview: [String] {
        let width = specs.map(\.name.count).max() ?? 0
        return specs.map { spec in
            spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary
        } + ["", "help COMMAND explains one. Numbers (N) are rows of the last listing shown."]
    }

    /// `help COMMAND`.
    public func help(for spec: CommandSpec) -> [String] {
        var lines = ["usage: " + spec.usage, spec.summary]
        if !spec.details.isEmpty { lines.append(spec.details) }
        if !spec.aliases.isEmpty { lines.append("also: " + spec.aliases.joined(separator: ", ")) }
        for argument in spec.arguments { lines.append("  \(argument.name)  \(argument.help)") }
        for option in spec.options {
            lines.append("  --\(option.name)\(option.value.map { " " + $0.name } ?? "")  \(option.help)")
        }
        return lines
    }
}
