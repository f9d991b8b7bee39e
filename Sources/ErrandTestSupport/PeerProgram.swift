import Foundation

/// A program of another project a test drives to make or read files as it does (Debian's
/// `todo-txt`, taskwarrior's `task`): run to its end, its output read whole.
public enum PeerProgram {
    public struct Run: Sendable {
        public let status: Int32
        public let output: Data
        /// What it wrote on stderr, for the failure message.
        public let errors: String
    }

    public static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data? = nil) throws -> Run {
        try Lane.mayStart(path)
        // stderr into a file: a pipe read after stdout could fill and stall the program.
        let errorsPath = NSTemporaryDirectory() + "errand-peer-" + UUID().uuidString
        FileManager.default.createFile(atPath: errorsPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return Run(status: process.terminationStatus, output: output, errors: errors)
    }
}
