import ErrandOptions
extension LaunchOption {
    /// errand's options, in the order `--help` lists them.
    public static let errand: [LaunchOption] = [
        LaunchOption(["--store"], value: "PATH", complete: .file, help: """
            the store file (default $XDG_DATA_HOME/errand/errand.sqlite; a name ending in .plist \
            uses the property-list backend)
            """) { $0.store = $1 },
        LaunchOption(["--create"], help: """
            with --store: make the store and its folder when they do not exist (without it, a \
            --store whose folder does not exist is refused: a mistyped path is not a new, empty list)
            """) { $0.create = true },
        LaunchOption(["--today"], value: "YYYY-MM-DD",
                     help: "pin today's date (also ERRAND_TODAY), for reproducible output; YYYY-MM-DDTHH:MM pins the time too") { $0.today = $1 },
        LaunchOption(["--catalogue"], value: "URL", help: """
            where ads come from (also ERRAND_CATALOGUE; default the public paperclip API); http, \
            https or file URLs holding listing.json and categories.json
            """) { $0.catalogue = $1 },
        LaunchOption(["--remote"], value: "URL", help: """
            the CalDAV task collection `sync todos` exchanges with (also ERRAND_REMOTE); the store \
            remembers it after the first successful sync. Credentials: the URL's user:password or ~/.netrc
            """) { $0.remote = $1 },
        LaunchOption(["-f", "--script"], value: "FILE", complete: .file,
                     help: "run the commands in FILE (same as errand FILE)") { $0.files.append($1) },
        LaunchOption(["-c"], value: "COMMAND", complete: .command, help: "run COMMAND, then exit; repeatable") { $0.commands.append($1) },
        LaunchOption(["--echo"], help: "print each command before its output") { $0.echo = true },
        LaunchOption(["--bail"], help: "stop at the first command that fails") { $0.bail = true },
        LaunchOption(["-1", "--single-transaction"], help: """
            run the script as one transaction: its changes reach the disk together at the end \
            (much faster for big scripts), or not at all if a command fails (implies --bail); \
            other processes wait for the store until it ends
            """) { $0.singleTransaction = true },
        LaunchOption(["--json"], help: "one JSON object per command (same as set output json)") { $0.output = .json },
        LaunchOption(["--csv"], help: "lists as CSV rows under a header, RFC 4180 (same as set output csv)") { $0.output = .csv },
        LaunchOption(["--tsv"], help: "lists as tab-separated rows under a header (same as set output tsv)") { $0.output = .tsv },
        LaunchOption(["--markdown"], help: "lists as a Markdown table (same as set output markdown)") { $0.output = .markdown },
        LaunchOption(["--raw"], help: """
            csv, tsv and markdown cells as stored, a leading = + - @ included (same as set cells raw; \
            by default such a cell gets a ' so a spreadsheet shows it as text)
            """) { $0.raw = true },
        LaunchOption(["--color"], help: "colour on (default: on at a terminal unless NO_COLOR is set)") { $0.color = true },
        LaunchOption(["--no-color"], help: "colour off") { $0.color = false },
        LaunchOption(["--rc"], help: """
            run the start-up file ($XDG_CONFIG_HOME/errand/errandrc) before a script, -c or a pipe too \
            (at the keyboard it always runs)
            """) { $0.rc = true },
        LaunchOption(["-X", "--no-rc"], help: "do not run the start-up file, even at the keyboard") { $0.rc = false },
        LaunchOption(["--generate"], value: "FORMAT", complete: .choice(GeneratedFormat.allCases.map(\.rawValue)), help: """
            print the manual page, a completion script or the manual's command reference: FORMAT is \
            man, bash, zsh, fish or markdown (made from the same declarations as this help), and exit
            """) { $0.generate = $1 },
        LaunchOption(["-h", "--help"], stop: .help, help: "print this help and exit"),
        LaunchOption(["--version"], stop: .version, help: "print the version and the commit errand was built from, and exit"),
    ]

    /// `errand check`'s options.
    public static let check: [LaunchOption] = [
        LaunchOption(["--update"], help: "rewrite the expected output of each transcript that differs") { $0.update = true },
    ]
}
