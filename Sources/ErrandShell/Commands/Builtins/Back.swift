/// `back`: the previous screen of the current tab.
struct Back: ShellCommand {
    static let spec = CommandSpec("back", summary: "return to the previous screen") { _ in Back() }

    func run(_ c: inout CommandContext) throws -> Display {
        guard c.session.stack.count > 1 else {
            throw ShellError.usage("back: already at the first screen of the \(c.session.tab.rawValue) tab")
        }
        c.session.stack.removeLast()
        return try c.render()
    }
}
