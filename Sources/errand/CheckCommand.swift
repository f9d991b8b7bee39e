import ErrandShell
import Foundation

/// `errand check FILE...`: replays transcripts and prints what differs.
struct CheckCommand {
    let paths: [String]
    let update: Bool
    let sink: OutputSink

    func run() -> Int32 {
        var failed = false
        for path in paths {
            do {
                let report = try TranscriptChecker().check(path: path)
                if update, !report.passed {
                    let original = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    try Transcript.render(original: original, actual: report.actual)
                        .write(toFile: path, atomically: true, encoding: .utf8)
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
