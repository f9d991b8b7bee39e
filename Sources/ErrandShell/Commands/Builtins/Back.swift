/// `back`: the previous screen, as the apps' navigation goes: within the tab, then to the tab
/// you came from (after a `create`, `back` is the list you were on).
struct Back: ShellCommand {
    static let spec = CommandSpec("back", summary: "return to the previous screen, across tabs") { _ in Back() }

    func run(_ c: inout CommandContext) throws -> Display {
        if c.session.stack.count > 1 {
            c.session.stack.removeLast()
        } else {
            // Leaving a tab's first screen goes back to the one before it; the tab left stays
            // as it is, as switching tabs in the apps keeps each tab's place.
            guard c.session.returnToPreviousTab(), !c.session.stack.isEmpty else {
                throw ShellError.usage("back: already at the first screen")
            }
        }
        return try c.render()
    }
}
