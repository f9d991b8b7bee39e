/// `quit`: leave Errand.
struct Quit: ShellCommand {
    static let spec = CommandSpec("quit", aliases: ["exit", "\\q"], summary: "leave Errand", effect: .steersShell) { _ in Quit() }

    func run(_ c: inout CommandContext) throws -> Display {
        c.control = .quit
        return Display()
    }
}
