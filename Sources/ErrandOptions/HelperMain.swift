import ErrandFiles
#if canImport(Glibc)
import Glibc
#endif

/// What a helper's main does once it has guarded itself: read its arguments as declared, run,
/// and exit with a declared status; bad usage is one line on stderr, then the usage line if
/// there is one.
public enum HelperMain {
    public static func run<Arguments>(_ name: String, usage: String?, badUsage: ExitStatus,
                                      parse: ([String]) throws(OptionFailure) -> Arguments,
                                      body: (Arguments) -> ExitStatus) -> Never {
        let arguments: Arguments
        do {
            arguments = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Descriptor.writeAll(2, "\(name): \(error.description)\n" + (usage.map { $0 + "\n" } ?? ""))
            exit(badUsage.status)
        }
        exit(body(arguments).status)
    }
}
