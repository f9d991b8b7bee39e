import Foundation

/// python-caldav (PyPI `caldav`, a client library many apps use) in the tests' own virtual
/// environment, `.build/test-venv` (made by `scripts/deps --test`), driven through
/// `Tests/Peers/python_caldav_peer.py`.
public enum PythonCalDAV {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    public static let python = root + "/.build/test-venv/bin/python"
    static let script = root + "/Tests/Peers/python_caldav_peer.py"

    /// Whether the environment holds python-caldav (its package folder is there).
    public static var available: Bool {
        guard FileManager.default.isExecutableFile(atPath: python),
              let lib = try? FileManager.default.contentsOfDirectory(atPath: root + "/.build/test-venv/lib") else { return false }
        return lib.contains { FileManager.default.fileExists(atPath: root + "/.build/test-venv/lib/\($0)/site-packages/caldav") }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes the task list `name` from the account's principal, holding one task `summary`.
    public static func makeList(_ server: String, user: String, password: String, name: String, summary: String) throws {
        _ = try run(server, user, password, ["make", name, summary])
    }

    /// `LIST|SUMMARY|STATUS` per task the account holds, as python-caldav reads them.
    public static func tasks(_ server: String, user: String, password: String) throws -> [String] {
        try run(server, user, password, ["list"]).split(separator: "\n").map(String.init).sorted()
    }

    static func run(_ server: String, _ user: String, _ password: String, _ arguments: [String]) throws -> String {
        try Lane.mayStart("python-caldav")
        let run = try HelperRun.run(python, [script, server, user, password] + arguments, timeout: 120)
        guard run.status == 0 else {
            throw Failure(description: "python-caldav failed (\(run.status)): " + String(run.errors.suffix(800)))
        }
        return String(decoding: run.output, as: UTF8.self)
    }
}
