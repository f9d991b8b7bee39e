import Foundation

/// Debian's todoman and vdirsyncer, run on a folder of .ics files (a vdir) in a temporary
/// place: the programs that read back what Errand sent. Tests that need them are enabled only
/// where they are installed (`scripts/deps --test`).
public struct TaskPeers {
    public static let todoman = "/usr/bin/todoman"
    public static let vdirsyncer = "/usr/bin/vdirsyncer"
    public static var haveTodoman: Bool { FileManager.default.isExecutableFile(atPath: todoman) }
    public static var haveVdirsyncer: Bool { FileManager.default.isExecutableFile(atPath: vdirsyncer) }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Holds `vdir/tasks/` (the list todoman reads) and the programs' configuration and state.
    public let folder: String
    public var list: String { folder + "/vdir/tasks" }

    public init() throws {
        try Lane.mayStart("vdirsyncer and todoman")
        folder = NSTemporaryDirectory() + "errand-peers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/vdir/tasks", withIntermediateDirectories: true)
        let config = """
            path = "\(folder)/vdir/*"
            cache_path = "\(folder)/todoman-cache.sqlite3"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "tasks"
            """
        try config.write(toFile: folder + "/todoman.py", atomically: true, encoding: .utf8)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// The SUMMARY of every task todoman lists (open and done). todoman 4.1 prints a traceback
    /// for a file it cannot read and lists what it can (issue 21: nothing at all), so callers
    /// compare the titles with what todoman lists of the clients' own files.
    /// `category`: only the tasks todoman reads that category in (its --category filter; its
    /// JSON does not list categories).
    public func todomanTitles(category: String? = nil) throws -> [String] {
        let filter = category.map { ["--category", $0] } ?? []
        let (status, out, err) = try run(TaskPeers.todoman,
                                         ["--config", folder + "/todoman.py", "--porcelain", "list", "--status", "ANY"] + filter)
        guard status == 0,
              let list = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] else {
            throw Failure(description: "todoman failed (\(status)): " + String((err + out).suffix(600)))
        }
        return list.compactMap { $0["summary"] as? String }.sorted()
    }

    /// Copies a CalDAV collection into `list` with vdirsyncer (discover, then sync).
    public func vdirsyncerPull(url: String, user: String?, password: String?) throws {
        var remote = "type = \"caldav\"\nurl = \"\(url)\"\n"
        if let user, let password { remote += "username = \"\(user)\"\npassword = \"\(password)\"\n" }
        let config = """
            [general]
            status_path = "\(folder)/vdirsyncer-status/"

            [pair tasks]
            a = "local"
            b = "remote"
            collections = null
            conflict_resolution = "b wins"

            [storage local]
            type = "filesystem"
            path = "\(list)/"
            fileext = ".ics"

            [storage remote]
            \(remote)
            """
        try config.write(toFile: folder + "/vdirsyncer.conf", atomically: true, encoding: .utf8)
        for step in [["discover"], ["sync"]] {
            let (status, out, err) = try run(TaskPeers.vdirsyncer, ["-c", folder + "/vdirsyncer.conf"] + step)
            guard status == 0 else {
                throw Failure(description: "vdirsyncer \(step[0]) failed (\(status)): " + String((err + out).suffix(600)))
            }
        }
    }

    func run(_ program: String, _ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder
        environment["XDG_CACHE_HOME"] = folder
        environment["XDG_DATA_HOME"] = folder
        process.environment = environment
        // Standard error into a file: two pipes read one after the other could stall the child.
        let errPath = folder + "/stderr.txt"
        guard FileManager.default.createFile(atPath: errPath, contents: nil) else {
            throw Failure(description: "cannot make \(errPath)")
        }
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer { try? err.close() }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
