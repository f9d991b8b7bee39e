import ErrandDomain
import ErrandStorage
import Foundation

/// The command interpreter: one line in, the session transformed, a Display out. The keyboard,
/// scripts, `source`, pipes and `-c` all go through `execute`.
public final class Interpreter {
    public private(set) var session: Session
    public var environment: ShellEnvironment
    let parser: CommandParser

    public init(session: Session = Session(), environment: ShellEnvironment, table: CommandTable = .standard) {
        self.session = session
        self.environment = environment
        self.parser = CommandParser(table: table)
    }

    public var table: CommandTable { parser.table }

    public func execute(_ line: String) -> CommandOutcome {
        let command: ParsedCommand
        do {
            command = try parser.parse(line)
        } catch {
            let name = (try? Tokenizer.split(line))?.first.flatMap { table.spec(named: $0.text)?.name } ?? ""
            return CommandOutcome(command: name, result: .failure(error), control: nil)
        }
        var control: CommandOutcome.Control?
        // Work on a copy: a command that fails leaves the session exactly as it was.
        var next = session
        do {
            let display = try run(command, on: &next, control: &control)
            session = next
            return CommandOutcome(command: command.spec.name, result: .success(display), control: control)
        } catch {
            return CommandOutcome(command: command.spec.name, result: .failure(ShellError.from(error)), control: nil)
        }
    }

    func run(_ command: ParsedCommand, on s: inout Session, control: inout CommandOutcome.Control?) throws -> Display {
        switch command.spec.action {
        case .view: return try view(from: environment.clock.today, &s)
        case .week: return try view(from: try date(command[argument: "DATE"]).day, &s)
        case .open: return try open(try row(command, in: s), &s)
        case .back: return try back(&s)
        case .create: return try create(command, &s)
        case .swipe: return try swipe(try itemRow(command, in: s), &s)
        case .check: return try move(true, try itemRow(command, in: s), &s)
        case .uncheck: return try move(false, try itemRow(command, in: s), &s)
        case .list: return try show(root: .all, &s)
        case .day: return try show(root: .day(try date(command[argument: "DATE"]).day), &s)
        case .undo: return try undo(&s)
        case .clear: return try clear(command, &s)
        case .importItems: return try importItems(command, &s)
        case .export: return try export(command)
        case .history: return Display(screen: .lines(name: "history", environment.history()))
        case .source:
            control = .source(environment.resolve(path: command[argument: "FILE"] ?? ""))
            return Display()
        case .help: return try help(command)
        case .set: return try set(command, &s)
        case .quit:
            control = .quit
            return Display()
        case .ads: return try ads(&s)
        case .filter: return try filter(command[argument: "CATEGORY"], &s)
        case .categories: return try categories()
        case .sync: return try sync(command[argument: "URL"], &s)
        case .more: return try more(&s)
        }
    }

    // MARK: arguments

    func date(_ text: String?) throws -> DateInputParser.Result {
        try DateInputParser.parse(text ?? "", today: environment.clock.today)
    }

    /// Resolves `N` against the last listing; anything else is a one-line error.
    func row(_ command: ParsedCommand, in s: Session) throws -> ListingRow {
        let text = command[argument: "N"] ?? ""
        let name = command.spec.name
        guard !s.listing.isEmpty else {
            throw ShellError.usage("\(name): nothing is listed yet: view, list or day DATE first")
        }
        guard let n = Int(text), n >= 1, n <= s.listing.count else {
            throw ShellError.usage("\(name): no row \(ShellError.quote(text)): choose a number from 1 to \(s.listing.count)")
        }
        return s.listing[n - 1]
    }

    func itemRow(_ command: ParsedCommand, in s: Session) throws -> TodoItem {
        switch try row(command, in: s) {
        case let .item(item): return item
        case .day: throw ShellError.usage("\(command.spec.name): the rows listed are days: open one first")
        case .ad: throw ShellError.usage("\(command.spec.name): ads cannot be changed here, only opened")
        }
    }
}
