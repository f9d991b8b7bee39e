import ErrandHelpers
import ErrandOptions

/// errand-fetch's command line, declared once: the reader, the usage line and the checks of
/// each value read these declarations.
public struct FetchArguments: Equatable, Sendable {
    public var limits = FetchLimits()
    public var progressFD: Int32?
    public var passwordOnStdin = false
    public var userAgent: String?
    public var davMode = false
    public var parallel = 6
    public var target: String?

    public init() {}

    public static let options: [CommandLineOption<FetchArguments>] = [
        CommandLineOption(["--max-bytes"], value: "N", help: "the largest body taken") { a, text throws(OptionFailure) in
            guard let n = Int(text), n > 0 else { throw OptionFailure("--max-bytes needs a positive number") }
            a.limits.maxBytes = n
        },
        CommandLineOption(["--idle"], value: "S", help: "seconds without a byte either way before giving up") { a, text throws(OptionFailure) in
            a.limits.idleTimeout = try seconds(text, "--idle")
        },
        CommandLineOption(["--total"], value: "S", help: "seconds the whole transfer may take") { a, text throws(OptionFailure) in
            a.limits.totalTimeout = try seconds(text, "--total")
        },
        CommandLineOption(["--progress-fd"], value: "FD", help: "draw a progress line there") { a, text throws(OptionFailure) in
            guard let fd = Int32(text), fd >= 0 else { throw OptionFailure("--progress-fd needs a descriptor") }
            a.progressFD = fd
        },
        CommandLineOption(["--password-on-stdin"], help: "the URL user's password comes on stdin") { $0.passwordOnStdin = true },
        CommandLineOption(["--user-agent"], value: "UA", help: "the User-Agent requests carry") { a, agent throws(OptionFailure) in
            // One header line: no control characters, a sane length.
            guard !agent.isEmpty, agent.count <= 200,
                  !agent.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw OptionFailure("--user-agent needs a short printable text")
            }
            a.userAgent = agent
        },
        CommandLineOption(["--accept"], value: "json|image", help: "the content type wanted") { a, text throws(OptionFailure) in
            guard let kind = ContentKind(rawValue: text) else { throw OptionFailure("--accept needs json or image") }
            a.limits.kind = kind
        },
        CommandLineOption(["--dav"], help: "CalDAV mode: request frames on stdin, replies on stdout") { $0.davMode = true },
        CommandLineOption(["--parallel"], value: "N", help: "requests at once in --dav mode") { a, text throws(OptionFailure) in
            guard let n = Int(text), (1...32).contains(n) else { throw OptionFailure("--parallel needs 1 to 32") }
            a.parallel = n
        },
    ]

    public static let usage = "usage: errand-fetch " + options.map(\.usage).joined(separator: " ") + " URL"

    public static func parse(_ arguments: [String]) throws(OptionFailure) -> FetchArguments {
        var parsed = FetchArguments()
        try OptionReader.read(arguments[...], options, into: &parsed, word: \.target)
        if parsed.davMode, parsed.target != nil { throw OptionFailure("--dav takes no URL: requests come on stdin") }
        return parsed
    }

    static func seconds(_ text: String, _ name: String) throws(OptionFailure) -> Double {
        guard let s = Double(text), s > 0 else { throw OptionFailure("\(name) needs seconds") }
        return s
    }
}
