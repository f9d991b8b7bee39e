/// A command line shown in the man page's EXAMPLES section, with what it does.
public struct ProgramExample: Sendable {
    public let command: String
    public let help: String

    public static let all: [ProgramExample] = [
        ProgramExample(command: "errand", help: "start the shell at the keyboard; type help for the commands, Tab to complete."),
        ProgramExample(command: "errand -c 'create Call mum --date tomorrow 18:00' -c view",
                       help: "create an item, then show the next seven days, without a prompt."),
        ProgramExample(command: "errand --json -c list", help: "every item, as one JSON object."),
        ProgramExample(command: "errand -1 --bail import.errand",
                       help: "run a script as one transaction: all of its changes are saved, or none."),
        ProgramExample(command: "errand --store ~/todo.plist -c 'day today'",
                       help: "today's items of a store kept as a property list."),
        ProgramExample(command: "errand check examples/*.session",
                       help: "replay transcripts and show where the output differs."),
        ProgramExample(command: "echo 'set pagesize 20' >> ~/.config/errand/errandrc",
                       help: "make every session at the keyboard page long lists by 20 rows."),
        ProgramExample(command: "errand --generate fish > ~/.config/fish/completions/errand.fish",
                       help: "Tab completion of errand's options for fish, when errand was not installed by its package."),
    ]
}
