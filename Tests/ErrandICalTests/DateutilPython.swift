import Foundation

/// A python3 that has python-dateutil, the recurrence oracle's other engine; nil where none has.
enum DateutilPython {
    /// Debian's python3 first (scripts/deps installs python3-dateutil there), else the PATH's.
    static let path: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: path)
        probe.arguments = ["-c", "import dateutil.rrule"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}
