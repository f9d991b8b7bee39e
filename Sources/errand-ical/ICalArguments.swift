import ErrandDomain
import ErrandOptions
import FoundationEssentials

/// errand-ical's command line: a mode, then its options declared once.
struct ICalArguments {
    enum Mode: String, CaseIterable {
        case read, write, readEach = "read-each", writeEach = "write-each"
        case checkOccurrences = "check-occurrences"
        case checkRule = "check-rule"
        case occurrenceDays = "occurrence-days"
        case serve
    }

    var mode: Mode = .read
    /// errand always names its zone; the system's is only for a person trying the helper.
    var zone = Clock().zoneName
    var now = Date()
    var file: String?
    /// occurrence-days' window.
    var from: DueDay?
    var through: DueDay?
    /// occurrence-days: the open day too, when the rule falls on it.
    var withOpen = false

    static let options: [CommandLineOption<ICalArguments>] = [
        CommandLineOption(["--zone"], value: "ZONE", help: "the user's time zone") { $0.zone = $1 },
        CommandLineOption(["--now"], value: "SECONDS", help: "the moment reading happens, since 1970") { a, text throws(OptionFailure) in
            guard let seconds = Double(text), Clock.supportedSeconds.contains(seconds) else {
                throw OptionFailure("--now needs seconds since 1970")
            }
            a.now = Date(timeIntervalSince1970: seconds)
        },
        CommandLineOption(["--from"], value: "DAY", help: "occurrence-days: the window's first day (YYYY-MM-DD)") { a, text throws(OptionFailure) in
            a.from = try day(text, "--from")
        },
        CommandLineOption(["--with-open"], help: "occurrence-days: the open day too, when the rule falls on it") { $0.withOpen = true },
        CommandLineOption(["--through"], value: "DAY", help: "occurrence-days: the window's last day (YYYY-MM-DD)") { a, text throws(OptionFailure) in
            a.through = try day(text, "--through")
        },
    ]

    static func day(_ text: String, _ option: String) throws(OptionFailure) -> DueDay {
        guard let day = DueDay(iso: text) else { throw OptionFailure("\(option) needs a day as YYYY-MM-DD") }
        return day
    }

    static let usage = "usage: errand-ical " + Mode.allCases.map(\.rawValue).joined(separator: "|") + " "
        + options.map(\.usage).joined(separator: " ") + " [FILE]"

    static func parse(_ arguments: [String]) throws(OptionFailure) -> ICalArguments {
        var parsed = ICalArguments()
        guard let word = arguments.first else { throw OptionFailure("no mode: " + usage) }
        guard let mode = Mode(rawValue: word) else {
            throw OptionFailure("unknown mode \(word): " + Mode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        parsed.mode = mode
        try OptionReader.read(arguments.dropFirst(), options, into: &parsed, word: \.file)
        return parsed
    }
}
