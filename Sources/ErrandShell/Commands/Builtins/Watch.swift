/// `watch [--count N] [SECONDS] COMMAND...`: a reading command run again every SECONDS, drawn
/// in place at a terminal with the rows that changed marked, until Ctrl-C; in a script, N
/// times. The command's words are its own (`watch 2 find --json`): options stop at watch's
/// first word. The runner repeats it (CommandOutcome.Control.watch); this only checks it.
struct Watch: ShellCommand {
    static let seconds = ArgumentSpec("SECONDS", .seconds, optional: true,
                                      help: "seconds between runs (default 2, at least \(WatchPlan.shortest))")
    static let command = ArgumentSpec("COMMAND", .command, help: "a command that only reads, with its own words and options",
                                      passthrough: true)
    static let count = OptionSpec("count", value: "N", kind: .count(WatchPlan.maxCount),
                                  help: "stop after N runs (a script must say how many)")
    static let spec = CommandSpec(
        "watch", summary: "run a command that reads every SECONDS, marking the rows that changed, until Ctrl-C",
        details: "At a terminal each run is drawn in place, a + before each row that was not there in the run before; "
            + "Ctrl-C stops and the prompt returns. A command that changes anything is refused by name; one that tries to "
            + "write while watched is stopped before it writes. In a script each run is printed in turn, --count times.",
        arguments: [seconds, command], options: [count], effect: .steersShell) {
            Watch(seconds: $0.seconds(seconds) ?? WatchPlan.defaultSeconds, line: try $0.requiredText(command),
                  count: $0.count(count))
        }

    let seconds: Double
    let line: String
    let count: Int?

    func run(_ c: inout CommandContext) throws -> Display {
        // Refused by its name before its arguments are read: on the ads tab a row of a to-do
        // command would be refused for the tab instead.
        let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        if let named = c.table.spec(named: first) { try Watch.refuseChanging(named) }
        let watched: ParsedCommand
        do {
            watched = try CommandParser(table: c.table).parse(line, context: c.parseContext)
        } catch {
            throw error.error
        }
        try Watch.refuseChanging(watched.spec)
        guard count != nil || c.environment.watchPacer.drawsInPlace else {
            throw ShellError.usage("watch: in a script, say how many runs: watch --count N \(WatchPlan.text(seconds)) \(watched.spec.name)")
        }
        c.control = .watch(WatchPlan(line: line, command: watched.spec.name, seconds: seconds, count: count))
        return Display()
    }

    static func refuseChanging(_ spec: CommandSpec) throws(ShellError) {
        guard let changed = spec.effect.changed else { return }
        throw .usage("watch: \(spec.name) \(changed), so it is not repeated; watch repeats "
                     + "commands that only read (help watch lists them)")
    }
}
