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
            guard c.session.returnToPreviousTab() else { throw ShellError.usage("back: already at the first screen") }
            // A tab never drawn (the view a fresh shell starts on) shows its first screen.
            if c.session.stack.isEmpty {
                switch c.session.tab {
                case .view: c.session.stack = [.week(start: c.today)]
                case .create: c.session.stack = [.createForm]
                case .ads: c.session.stack = [.ads]
                }
            }
        }
        return try c.render()
    }
}
