/// `more`: the next page of a long list.
struct More: ShellCommand {
    static let spec = CommandSpec("more", summary: "the next page of a long list (a day, list, ads, help)") { _ in More() }

    func run(_ c: inout CommandContext) throws -> Display {
        switch c.session.route {
        case .ads?, .adsFound?, .day?, .all?, .added?, .found?, .overdue?, .undated?, .near?, .help?:
            return try c.render(continuing: true)
        default: throw ShellError.usage("more: only lists have pages (a day, list, ads, help)")
        }
    }
}
