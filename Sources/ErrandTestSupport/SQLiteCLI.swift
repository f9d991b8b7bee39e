import Foundation

/// The sqlite3 shell, for tests that must shape a store file as another program would.
public enum SQLiteCLI {
    public static func run(_ path: String, _ sql: String) throws -> Int32 {
        try Lane.mayStart("sqlite3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
