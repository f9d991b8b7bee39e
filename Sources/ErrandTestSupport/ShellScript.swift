import Foundation

/// Runs a /bin/sh script, for tests that must act as a shell does: plant a name and then
/// `exec` errand so that it runs with the shell's PID, or set a umask for errand to inherit.
public enum ShellScript {
    /// Runs `script` with `environment` added to ours, in `directory` when given; returns
    /// (status, stdout, stderr).
    public static func run(_ script: String, environment: [String: String],
                           in directory: String? = nil) throws -> (Int32, String, String) {
        try Lane.mayStart("a shell script")
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // No test reaches the real geocoder: one that wants lookups points ERRAND_GEOCODER at
        // a loopback server.
        env["ERRAND_GEOCODER"] = "off"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (output, errorOutput) = ChildProcess.drain(output: out, errors: err)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errorOutput, as: UTF8.self))
    }
}
