/// A command line checked against its declaration: the declaration, the checked values and the
/// typed command built from them, ready to run.
public struct ParsedCommand {
    public let spec: CommandSpec
    public let values: ArgumentValues
    let command: any ShellCommand
}
