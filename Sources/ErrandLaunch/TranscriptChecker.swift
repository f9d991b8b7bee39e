import ErrandDomain
import ErrandFiles
import ErrandShell
import ErrandStorage
import FoundationEssentials

/// `errand check`: replays transcripts against a fresh temporary store with a pinned clock,
/// English labels and fixed ids, written as into a pipe (or at the width its `# columns:`
/// names), and reports every difference.
public struct TranscriptChecker {
    public struct Report: Equatable, Sendable {
        public var file: String
        public var commands: Int
        public var diffs: [String]
        public var actual: [[String]]
        public var passed: Bool { diffs.isEmpty }
    }

    public init() {}

    public func check(path: String) throws -> Report {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw LaunchError.invalid("\(path): cannot read the transcript")
        }
        let folder = PathText.folder(of: path)
        let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        return try check(text: text, file: path, folder: folder.isEmpty ? FileManager.default.currentDirectoryPath : absolute)
    }

    /// `folder` is where relative file names in the transcript start (its own folder).
    public func check(text: String, file: String, folder: String? = nil) throws -> Report {
        let transcript = Transcript(text: text)
        guard let today = DueDay(iso: transcript.today) else {
            throw LaunchError.invalid("\(file): the today directive needs YYYY-MM-DD, not \"\(transcript.today)\"")
        }
        var columns: Int?
        if let text = transcript.columns {
            guard let n = Int(text), n > 0 else {
                throw LaunchError.invalid("\(file): the columns directive needs a number of columns, not \"\(text)\"")
            }
            columns = n
        }
        let dir = FileManager.default.temporaryDirectory.path + "/errand-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let backend: StoreBackend = transcript.plist ? .plist : .sqlite
        let store = try StoreOpener.open(path: dir + "/store." + backend.rawValue, backend: backend)
        defer { store.close() }
        var counter: UInt64 = 0
        var environment = ShellEnvironment(
            store: store, clock: .fixed(today), labeler: .english,
            newID: {
                counter += 1
                let hex = String(counter, radix: 16)
                return UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex) ?? UUID()
            },
            history: { transcript.steps.map(\.command) }, workingDirectory: folder ?? dir, home: dir)
        // Transcripts never touch the network: ads must come from a sync of a file URL.
        environment.catalogueBase = "file:///nonexistent/errand-offline/"
        // Nor the geocoder, whatever ERRAND_GEOCODER says: places come with --coords.
        environment.geocoder = nil
        // Its clock stands still: watch's runs follow each other with no wait.
        environment.watchPacer = ImmediatePacer()
        let sink = MemorySink()
        let runner = Runner(interpreter: Interpreter(environment: environment), sink: sink,
                            options: ScriptOptions(width: columns))
        var diffs: [String] = []
        var actual: [[String]] = []
        for step in transcript.steps {
            sink.reset()
            runner.runOne(step.command)
            let got = Transcript.trimmed(sink.all)
            actual.append(got)
            if got != step.expected {
                var diff = ["\(file):\(step.line): $ \(step.command)"]
                diff += step.expected.filter { !got.contains($0) }.map { "- " + $0 }
                diff += got.filter { !step.expected.contains($0) }.map { "+ " + $0 }
                if diff.count == 1 { diff.append("  (same lines, different order)") }
                diffs.append(diff.joined(separator: "\n"))
            }
        }
        return Report(file: file, commands: transcript.steps.count, diffs: diffs, actual: actual)
    }
}
