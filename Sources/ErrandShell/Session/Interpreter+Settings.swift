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
        case "pagesize":
            if value == "off" {
                s.pageSize = nil
                return Display(message: "pagesize is off: lists show every row")
            }
            guard let rows = Int(value), (1...100_000).contains(rows) else {
                throw ShellError.usage("set pagesize: choose a number of rows from 1 to 100000, or off, not \(ShellError.quote(value))")
            }
            s.pageSize = rows
            return Display(message: "pagesize is \(rows)")
        case "timing":
            s.timing = try onOff("timing", value)
            return Display(message: "timing is \(value)")
        default:
            s.color = try onOff("color", value)
            return Display(message: "color is \(value)")
        }
    }

    private func onOff(_ setting: String, _ value: String) throws -> Bool {
        guard value == "on" || value == "off" else {
            throw ShellError.usage("set \(setting): choose on or off, not \(ShellError.quote(value))")
        }
        return value == "on"
    }
}
