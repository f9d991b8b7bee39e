/// `source FILE`: run a script's commands through the same interpreter.
struct Source: ShellCommand {
    static let file = ArgumentSpec("FILE", .file, help: "a script")
    static let spec = CommandSpec("source", aliases: ["."], summary: "run the commands of a script file",
                                  arguments: [file], effect: .steersShell) { Source(path: try $0.requiredText(file)) }

    let path: String

    func run(_ c: inout CommandContext) throws -> Display {
        c.control = .source(c.environment.resolve(path: path))
        return Display()
    }
}
