import ErrandFiles
import ErrandShell
import FoundationEssentials

/// `errand check FILE...`: replays transcripts and prints what differs; exit status 1 when
/// one differs or cannot be read.
public struct CheckCommand {
    public let paths: [String]
    public let update: Bool
    public let sink: OutputSink

    public init(paths: [String], update: Bool, sink: OutputSink) {
        self.paths = paths
        self.update = update
        self.sink = sink
    }

    public func run() -> Int32 {
        var failed = false
        for path in paths {
            do {
                let report = try TranscriptChecker().check(path: path)
                if update, !report.passed {
                    let original = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    try PrivateFile.replace(path, with: Data(Transcript.render(original: original, actual: report.actual).utf8))
                    sink.out("\(path): updated \(report.diffs.count) of \(report.commands) commands")
                } else if report.passed {
                    sink.out("\(path): \(report.commands) commands, all match")
                } else {
                    failed = true
                    for diff in report.diffs { sink.out(diff) }
                    sink.out("\(path): \(report.diffs.count) of \(report.commands) commands differ")
                }
            } catch {
                failed = true
                sink.err("errand: \(error)")
            }
            sink.flush()
        }
        return failed ? 1 : 0
    }
}
