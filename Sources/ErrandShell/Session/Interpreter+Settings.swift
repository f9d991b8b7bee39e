/// `help` and `set`.
extension Interpreter {
    func help(_ command: ParsedCommand) throws -> Display {
        guard let name = command[argument: "COMMAND"] else {
            return Display(screen: .lines(name: "help", table.overview))
        }
        guard let spec = table.spec(named: name) else {
            throw ShellError.unknownCommand(name, suggestion: table.suggestion(for: name))
        }
        return Display(screen: .lines(name: "help", table.help(for: spec)))
    }

    func set(_ command: ParsedCommand, _ s: inout Session) throws -> Display {
        let value = command[argument: "VALUE"] ?? ""
        switch command[argument: "SETTING"] {
        case "output":
            guard let mode = OutputMode(rawValue: value) else {
                throw ShellError.usage("set output: choose text or json, not \(ShellError.quote(value))")
            }
            s.output = mode
            return Display(message: "output is \(mode.rawValue)")
        default:
            guard value == "on" || value == "off" else {
                throw ShellError.usage("set color: choose on or off, not \(ShellError.quote(value))")
            }
            s.color = value == "on"
            return Display(message: "color is \(value)")
        }
    }
}
