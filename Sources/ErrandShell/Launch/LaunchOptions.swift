/// The program's own command line, parsed into a value (tested without a process).
public struct LaunchOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// The keyboard when stdin and stdout are terminals, else standard input as a script.
        case standardInput
        case script(String)
        case commands([String])
        case check([String], update: Bool)
        case help
        case version
    }

    public var mode: Mode = .standardInput
    public var store: String?
    public var today: String?
    public var catalogue: String?
    public var echo = false
    public var bail = false
    public var singleTransaction = false
    public var json = false
    public var color: Bool?

    public static let version = "errand 0.1.0"

    public static let help = """
        usage: errand [OPTIONS] [FILE]
               errand check [--update] FILE.session...

        An interactive shell for your to-do list. With no FILE and a terminal, it prompts;
        with FILE, --script, -c or a pipe, it runs the commands without prompt or banner.

        options:
          --store PATH        the store file (default $XDG_DATA_HOME/errand/errand.sqlite;
                              a name ending in .plist uses the property-list backend)
          --today YYYY-MM-DD  pin today's date (also ERRAND_TODAY), for reproducible output
          --catalogue URL     where ads come from (also ERRAND_CATALOGUE; default the public
                              paperclip API); http, https or file URLs holding listing.json
                              and categories.json
          --script FILE       run the commands in FILE (same as errand FILE)
          -c COMMAND          run COMMAND, then exit; repeatable
          --echo              print each command before its output
          --bail              stop at the first command that fails
          -1, --single-transaction
                              run the script as one transaction: its changes reach the
                              disk together at the end (much faster for big scripts), or
                              not at all if a command fails (implies --bail); other
                              processes wait for the store until it ends
          --json              one JSON object per command (same as set output json)
          --color, --no-color colour on or off (default: on at a terminal unless NO_COLOR is set)
          -h, --help          this help
          --version           the version

        check:  replays each transcript against a fresh temporary store with today pinned to
                2026-11-29 and shows a diff where the output differs; --update rewrites them.

        exit status: 0 every command succeeded; 1 a command failed (or a transcript differed);
                     2 bad usage of errand itself; 3 the store cannot be opened (unreadable,
                     damaged, newer schema, read-only); it is left untouched.

        environment: ERRAND_TODAY, ERRAND_HISTORY (history file, default
                     $XDG_STATE_HOME/errand/history), ERRAND_CATALOGUE, ERRAND_CATALOGUE_MAX_AGE
                     (seconds before ads refreshes the cache, default 3600),
                     ERRAND_CATALOGUE_MAX_MB (largest document sync accepts, default 256),
                     ERRAND_FETCH (the download helper, default errand-fetch beside errand),
                     NO_COLOR, XDG_DATA_HOME, XDG_STATE_HOME.
        """

    public init() {}

    public static func parse(_ arguments: [String]) throws(ShellError) -> LaunchOptions {
        var options = LaunchOptions()
        var commands: [String] = []
        var files: [String] = []
        var index = 0
        if arguments.first == "check" {
            var update = false
            var paths: [String] = []
            for argument in arguments.dropFirst() {
                if argument == "--update" { update = true } else if argument.hasPrefix("-") {
                    throw .usage("check: unknown option \(argument)")
                } else { paths.append(argument) }
            }
            guard !paths.isEmpty else { throw .usage("check needs at least one .session file") }
            options.mode = .check(paths, update: update)
            return options
        }
        func value(_ name: String) throws(ShellError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": options.mode = .help; return options
            case "--version": options.mode = .version; return options
            case "--store": options.store = try value(argument)
            case "--today": options.today = try value(argument)
            case "--catalogue": options.catalogue = try value(argument)
            case "--script", "-f": files.append(try value(argument))
            case "-c": commands.append(try value(argument))
            case "--echo": options.echo = true
            case "--bail": options.bail = true
            case "-1", "--single-transaction": options.singleTransaction = true
            case "--json": options.json = true
            case "--color": options.color = true
            case "--no-color": options.color = false
            default:
                if argument.hasPrefix("--store=") {
                    options.store = String(argument.dropFirst(8))
                } else if argument.hasPrefix("--today=") {
                    options.today = String(argument.dropFirst(8))
                } else if argument.hasPrefix("-"), argument != "-" {
                    throw .usage("unknown option \(argument)")
                } else {
                    files.append(argument)
                }
            }
            index += 1
        }
        guard files.count <= 1 else { throw .usage("one script at a time (got \(files.joined(separator: ", ")))") }
        guard files.isEmpty || commands.isEmpty else { throw .usage("give either a script or -c commands, not both") }
        if let file = files.first, file != "-" {
            options.mode = .script(file)
        } else if !commands.isEmpty {
            options.mode = .commands(commands)
        }
        return options
    }
}
