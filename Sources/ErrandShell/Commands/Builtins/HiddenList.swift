import ErrandDomain

/// `hidden`: the hidden ads, as `find is:hidden` lists them.
struct HiddenList: ShellCommand {
    func run(_ c: inout CommandContext) throws -> Display {
        // Every hidden ad, whatever the filter: what was hidden in another category too.
        c.session.filter = nil
        return try Find.show("is:hidden", on: .ads, command: "hidden", &c)
    }
}
