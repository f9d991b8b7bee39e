#if canImport(Glibc)
import Glibc
#endif

/// One run of the picture helper: its stdout (bounded) and stderr read together, a deadline
/// past which it is killed, and what came of it.
public struct PictureRun {
    public enum Outcome: Equatable {
        /// What it drew.
        case drawn(String)
        /// The image is bad (the helper said why, or it died on it): not worth keeping.
        case refused(String)
        /// The helper could not be run: the image may be fine.
        case broken(String)
    }

    public let outcome: Outcome

    /// `arguments[0]` is the helper's path.
    public init(_ arguments: [String], timeout: Double, outputLimit: Int) {
        let path = arguments.first ?? ""
        let helper: HelperProcess
        do {
            helper = try HelperProcess(path, Array(arguments.dropFirst()))
        } catch {
            outcome = .broken(error.description(role: "the picture helper", path: path))
            return
        }
        var body: [UInt8] = []
        let stopped = helper.collect(deadline: .now + .milliseconds(Int(timeout * 1000)), errorLimit: 4096) { piece in
            body += piece
            return body.count <= outputLimit
        }
        let exit = helper.wait()
        switch stopped {
        case .deadline?: outcome = .refused("drawing it took over \(Int(timeout)) s")
        case .refused?: outcome = .refused("the drawing is over \(outputLimit >> 20) MB")
        case nil: outcome = PictureRun.judge(exit, body: body, message: helper.errors)
        }
    }

    static func judge(_ exit: HelperExit, body: [UInt8], message: [UInt8]) -> Outcome {
        let line = String(decoding: message, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        switch exit {
        case let .killed(signal):
            return .refused("the picture helper stopped on it (signal \(signal)\(signal == SIGXCPU ? ": over its CPU time" : ""))")
        case .exited(0): return .drawn(String(decoding: body, as: UTF8.self))
        case .exited(1): return .refused(line.isEmpty ? "the picture helper failed" : line)
        case let .exited(status):
            return .broken("the picture helper failed: " + (line.isEmpty ? "exit status \(status)" : line))
        }
    }
}
