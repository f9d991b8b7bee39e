/// A command as typed, its values already checked and converted by the parser. Running it
/// transforms the session in the context and returns what to show; it never prints.
protocol ShellCommand {
    func run(_ context: inout CommandContext) throws -> Display
}
