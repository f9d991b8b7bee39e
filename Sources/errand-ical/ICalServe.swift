import ErrandCalendarWire
import ErrandDAVWire
import ErrandDomain
import ErrandFiles
import ErrandOptions
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `errand-ical serve`: the modes answered one request after another (ServeFrame) by one
/// process, which a session starts at its first need and which ends when errand closes its
/// input (errand exiting, however it exits).
enum ICalServe {
    static func run() -> ExitStatus {
        // Ctrl-C at errand's prompt reaches its whole group: the helper lives on for the next
        // request; errand alone decides what was cancelled.
        signal(SIGINT, SIG_IGN)
        // libical's warnings would go to a file nobody reads; each answer carries its own.
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if devNull >= 0 { dup2(devNull, 2) }
        var source = DescriptorSource(fd: 0)
        while true {
            let request: ServeFrame.Request
            do throws(ServeFrame.Malformed) {
                request = try ServeFrame.readRequest(from: &source)
            } catch .ended {
                return ICalCommand.done
            } catch {
                return ICalCommand.failed
            }
            let answer = ServeFrame.encode(self.answer(request))
            if Descriptor.writeAll(1, answer) != nil { return ICalCommand.failed }
        }
    }

    /// What a one-shot run with these arguments and this stdin would have written and exited with.
    static func answer(_ request: ServeFrame.Request) -> ServeFrame.Answer {
        var out = ICalCommand.Output(keeps: true)
        do throws(OptionFailure) {
            let arguments = try ICalArguments.parse(request.arguments)
            guard arguments.mode != .serve, arguments.mode != .read else {
                throw OptionFailure("\(arguments.mode.rawValue) is not served: run it on its own")
            }
            try ICalCommand.answer(arguments, input: { request.input }, into: &out)
            return ServeFrame.Answer(status: ICalCommand.done.status, output: out.kept, errors: [])
        } catch {
            let line = TextSafety.neutralised(error.description, asSpace: ["\n", "\t"]) + "\n"
            return ServeFrame.Answer(status: ICalCommand.failed.status, output: [], errors: Array(line.utf8))
        }
    }
}
