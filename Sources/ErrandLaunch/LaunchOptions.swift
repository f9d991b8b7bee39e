import ErrandFiles
import ErrandOptions
import ErrandShell
import ErrandStorage
/// The program's own command line, parsed into a value (tested without a process). What each
/// option does is declared once, in `LaunchOption.errand` and `LaunchOption.check`.
public struct LaunchOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// The keyboard when stdin and stdout are terminals, else standard input as a script.
        case standardInput
        case script(String)
        case commands([String])
        case check([String], update: Bool)
        case help
        case version
        /// `--generate FORMAT`: the man page or a completion script on stdout.
        case generate(GeneratedFormat)
    }

    public var mode: Mode = .standardInput
    public var store: String?
    /// `--create`: a `--store` path whose folder does not exist is made, not refused.
    public var create = false
    /// `--raw`: csv, tsv and markdown cells as stored (set cells raw).
    public var raw = false
    public var today: String?
    public var catalogue: String?
    public var remote: String?
    public var echo = false
    public var bail = false
    public var singleTransaction = false
    /// `--json`, `--csv`, `--tsv`, `--markdown`: the session's first `set output`.
    public var output: OutputMode = .text
    public var color: Bool?
    /// `--rc` (true) or `--no-rc` (false); nil: the start-up file runs at the keyboard only.
    public var rc: Bool?
    /// Gathered while reading, in order; `mode` is decided from them at the end. Files are
    /// scripts (`-f` or a bare name), or check's transcripts.
    var files: [String] = []
    var commands: [String] = []
    var update = false
    var generate: String?


    public init() {}

    /// A shell command's name that names no file here: a file of that name stays a script.
    static func isCommandWord(_ word: String) -> Bool {
        CommandTable.standard.spec(named: word) != nil && FileKind(path: word) == nil
    }

    /// Whether the start-up file runs: at the keyboard unless `--no-rc`, elsewhere only with `--rc`.
    public func readsStartupFile(interactive: Bool) -> Bool {
        rc ?? interactive
    }

    public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        if arguments.first == "check" {
            try options.read(arguments.dropFirst(), LaunchOption.check, context: "check: ")
            guard !options.files.isEmpty else { throw .usage("check needs at least one .session file") }
            options.mode = .check(options.files, update: options.update)
            return options
        }
        try options.read(arguments[...], LaunchOption.errand, context: "", commandsTakeTheRest: true)
        guard options.mode == .standardInput else { return options }
        if let name = options.generate {
            guard let format = GeneratedFormat(rawValue: name) else {
                let formats = GeneratedFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage("--generate needs one of \(formats), not \"\(name)\"")
            }
            options.mode = .generate(format)
            return options
        }
        // `errand list`, `errand find milk` (taskwarrior's `task list`): a command name that
        // names no file runs as -c would, its words quoted as they were given.
        if let first = options.files.first, options.commands.isEmpty, LaunchOptions.isCommandWord(first) {
            options.mode = .commands([options.files.map(Tokenizer.quote).joined(separator: " ")])
            return options
        }
        guard options.files.count <= 1 else {
            throw .usage("one script at a time (got \(options.files.joined(separator: ", ")))")
        }
        guard options.files.isEmpty || options.commands.isEmpty else {
            throw .usage("give either a script or -c commands, not both")
        }
        if let file = options.files.first, file != "-" {
            options.mode = .script(file)
        } else if !options.commands.isEmpty {
            options.mode = .commands(options.commands)
        }
        return options
    }

    /// Applies each argument as `declarations` say; a bare word (or `-`, standard input) is a
    /// file. `context` starts every error ("check: ").
    mutating func read(_ arguments: ArraySlice<String>, _ declarations: [LaunchOption],
                       context: String, commandsTakeTheRest: Bool = false) throws(LaunchError) {
        do {
            try OptionReader.read(arguments, declarations, into: &self, context: context) { options, word, rest in
                options.files.append(word)
                // After a command name (`errand create X --date fri`) the words are the command's.
                guard commandsTakeTheRest, options.files.count == 1, LaunchOptions.isCommandWord(word) else { return .taken }
                options.files += rest
                return .takesTheRest
            }
        } catch {
            throw .usage(error.description)
        }
    }
}
