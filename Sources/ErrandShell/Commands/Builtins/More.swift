/// `more`: the next page of a long list (a parent's subtasks too).
struct More: ShellCommand {
    static let spec = CommandSpec("more", summary: "the next page of a long list (a day, list, ads, help, subtasks)") { _ in More() }

    func run(_ c: inout CommandContext) throws -> Display {
        switch c.session.route {
        case .ads?, .adsFound?, .day?, .all?, .added?, .found?, .overdue?, .undated?, .near?, .help?, .item?:
            return try c.render(continuing: true)
        default: throw ShellError.usage("more: only lists have pages (a day, list, ads, help, subtasks)")
        }
    }
}
