import ErrandDomain

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

    /// In the order `help` lists them.
    public static let standard = CommandTable(specs: [
        View.spec, Week.spec, Open.spec, Back.spec, Create.spec, Edit.spec, Notes.spec, Postpone.spec, Swipe.spec, Move.check,
        Move.uncheck, StatusChange.start, StatusChange.stop, StatusChange.cancel, Progress.spec, Tag.spec, Tags.spec,
        ListAll.spec, Board.spec, Find.spec, Near.spec, Locate.spec,
        Day.spec, Undo.spec, Redo.spec, Log.spec, Clear.spec, ImportItems.spec, Export.spec, History.spec, Source.spec, Help.spec,
        SetCommand.spec, Abbr.spec, Ads.spec, Filter.spec, Categories.spec, Sync.spec, Remote.spec, More.spec, Quit.spec,
        Remind.spec, Snooze.spec, Conflicts.spec, Keep.spec,
        Lists.spec, Use.spec, MoveToList.spec,
        Save.spec, Saved.spec, Run.spec, Stats.spec, Forget.spec, Star.star, Star.unstar, Hide.hide, Hide.unhide, Hide.list,
        Watch.spec,
    ])

    /// The commands `undo` reverts, in `help`'s order (CommandSpec.undoable).
    public var undoable: [String] { specs.filter(\.undoable).map(\.name) }

    /// What a command's help says beyond its summary: its details, and what is read from the
    /// other declarations (the undoable commands, for undo and redo). `help`, the man page and
    /// docs/commands.md all say this.
    public func details(of spec: CommandSpec) -> [String] {
        var lines = spec.details.isEmpty ? [] : spec.details.split(separator: "\n").map(String.init)
        if spec.listsUndoable { lines.append("Changes it reverts: " + undoable.joined(separator: ", ") + ".") }
        return lines
    }

    /// `help` with no argument.
    public var overview: [String] {
        let width = specs.map(\.name.count).max() ?? 0
        return specs.map { spec in
            spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary
        } + ["", "help COMMAND explains one. Numbers (N) are rows of the last listing shown.", CommandTable.wordRule,
             CommandTable.keys]
    }

    /// The prompt's keys (ErrandTerminal binds them; the shell only says so).
    public static let keys = "Keys: Tab completes; the newest history line starting with what is typed shows dimmed "
        + "after it (colour terminals; set suggest off): → or Ctrl-F at the end takes it, Alt-F one word of it; "
        + "Up and Down walk the history lines starting with what is typed (all of them on an empty line); "
        + "Ctrl-R lists the history lines that hold what is typed, best first (Up and Down pick, Enter takes, Escape leaves); "
        + "Alt-E or Ctrl-X Ctrl-E edits the line in $VISUAL or $EDITOR; Space after an abbreviation (abbr) expands it; "
        + "Ctrl-C cancels the line (and stops watch); Ctrl-D leaves. "
        + "The prompt's > turns red (! without colour) while Enter would refuse the line."

    /// How the parser places words, said once for `help` (CommandParser keeps to it).
    public static let wordRule = "Words: a command's own words (a title, rows) come first; an option's value runs "
        + "up to the next --option; quote a word to keep it as text (\"--draft\"); a word that fits nowhere is an error."

    /// The rule's one exception, said in `help` for the commands it applies to.
    public static let passthroughRule = "Options come first, each value one word: from the first other word on, "
        + "every word is the command's own, as typed (watch 2 find --json)."

    /// `help COMMAND`.
    public func help(for spec: CommandSpec) -> [String] {
        var lines = ["usage: " + spec.usage, spec.summary]
        // A details line of its own (find's grammar table) stays one: help wraps each line apart.
        lines += details(of: spec)
        if !spec.aliases.isEmpty { lines.append("also: " + spec.aliases.joined(separator: ", ")) }
        for argument in spec.arguments { lines.append("  \(argument.name)  \(argument.help)") }
        if spec.passesThrough {
            // Read from the declarations, so a command added later is listed where it belongs.
            lines.append("  commands that only read: "
                         + specs.filter { $0.effect == .reads }.map(\.name).joined(separator: ", "))
        }
        for option in spec.options {
            lines.append("  \(option.label)  \(option.help)")
        }
        if !spec.options.isEmpty { lines.append(spec.passesThrough ? CommandTable.passthroughRule : CommandTable.wordRule) }
        return lines
    }
}
