import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real CalDAV server on a loopback port, in a temporary folder, for the sync tests: Radicale
/// (htpasswd authentication), Xandikos (no authentication of its own) or sabre/dav (Debian's
/// php-sabre-dav under PHP's built-in server, on SQLite, Basic authentication: the engine of
/// Nextcloud and Baïkal, if an older one) or Cyrus IMAP's CalDAV (CyrusSetup: the engine large
/// mail-and-calendar providers run). A server that cannot be started throws, so the test that
/// needed it fails rather than skips.
public final class DAVServer: @unchecked Sendable {
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case radicale, xandikos, sabre, cyrus, davical
        public var description: String { rawValue }
        /// The servers every sync battery runs on: all five (Cyrus and DAViCal also have suites
        /// of their own, for what only they do).
        public static let battery: [Kind] = [.radicale, .xandikos, .sabre, .cyrus, .davical]
        /// Those where python-caldav 3.6 can make a calendar: Cyrus 3.6 answers its MKCALENDAR
        /// (a UUID under the calendar home) 405, where Errand's own MKCALENDAR is answered 201.
        public static let pythonCalDAVMakesCalendars: [Kind] = battery.filter { $0 != .cyrus }
        /// The servers offering sync-collection (RFC 6578): sabre/dav 1.8 has getctag only.
        public static let withSyncTokens: [Kind] = [.radicale, .xandikos]
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public let kind: Kind
    public let folder: String
    public private(set) var port: UInt16 = 0
    /// DAViCal's test user is its admin account (create-database.sh makes it, with our password).
    public var user: String { kind == .davical ? "admin" : "tester" }
    public let password = "s3cret-Pa55"
    private var process: Process?
    /// Cyrus's IMAP listener (its first login makes the user's mailbox).
    private var imapPort: UInt16 = 0

    public init(_ kind: Kind) throws {
        try Lane.mayStart("a CalDAV server")
        self.kind = kind
        folder = NSTemporaryDirectory() + "errand-dav-\(kind)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var lastError = "no free port"
        for _ in 0..<5 {
            guard let candidate = DAVServer.freePort() else { continue }
            do {
                process = try launch(port: candidate)
                port = candidate
                if DAVServer.waitForPort(candidate, seconds: Waiting.patience, while: { self.process?.isRunning ?? false }) {
                    guard kind == .cyrus else { return }
                    guard DAVServer.waitForPort(imapPort, seconds: Waiting.patience, while: { self.process?.isRunning ?? false }) else {
                        throw StartFailure(description: "Cyrus's IMAP did not answer on port \(imapPort)")
                    }
                    try CyrusSetup.login(imapPort: imapPort, user: user, password: password)
                    return
                }
                lastError = "\(kind) did not answer on port \(candidate): " + log().suffix(400)
                stop()
            } catch {
                lastError = "cannot run \(kind): \(error) (scripts/deps --test installs it)"
            }
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw StartFailure(description: lastError)
    }

    deinit { stop() }

    /// The collection URL for `name`, with the test user's credentials when the server checks them.
    public func collectionURL(_ name: String, withPassword: Bool = true) -> String {
        let auth = withPassword && kind != .xandikos ? "\(user):\(password)@" : ""
        return "http://\(auth)127.0.0.1:\(port)\(collectionPath(name))"
    }

    public func collectionPath(_ name: String) -> String {
        switch kind {
        case .radicale: return "/\(user)/\(name)/"
        case .xandikos: return "/user/calendars/\(name)/"
        case .sabre: return "/calendars/\(user)/\(name)/"
        case .cyrus: return "/dav/calendars/user/\(user)/\(name)/"
        case .davical: return "/caldav.php/\(user)/\(name)/"
        }
    }

    /// Basic credentials for raw requests (nil for Xandikos, which checks none).
    public var authorization: String? {
        kind != .xandikos ? "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() : nil
    }

    /// Makes a task collection (MKCALENDAR restricted to VTODO), shown as `display` (else as
    /// its path segment `name`).
    public func makeTaskCollection(_ name: String, display: String? = nil) throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
            <D:displayname>\(display ?? name)</D:displayname>
            <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
            </D:prop></D:set></C:mkcalendar>
            """
        let reply = try RawHTTP(port: port, authorization: authorization)
            .send("MKCALENDAR", collectionPath(name), body: Data(body.utf8), headers: ["Content-Type": "application/xml"])
        guard reply.status == 201 else {
            throw StartFailure(description: "MKCALENDAR \(name) on \(kind) answered \(reply.status)")
        }
    }

    /// Deletes the collection and everything in it (a user resetting a calendar), so that
    /// `makeTaskCollection` can make it again, empty, at the same URL.
    public func deleteCollection(_ name: String) throws {
        let reply = try RawHTTP(port: port, authorization: authorization).send("DELETE", collectionPath(name), body: Data(),
                                                                                headers: [:])
        guard (200...299).contains(reply.status) else {
            throw StartFailure(description: "DELETE \(name) on \(kind) answered \(reply.status)")
        }
    }

    /// Where the server keeps its collections: copied aside, it is a backup `restore` puts back.
    var storage: String { folder + (kind == .radicale ? "/collections" : "/data") }

    /// The members of Radicale's or Cyrus's collection `name` written at or after `start`
    /// (CLOCK_REALTIME_COARSE, the clock file times are taken from): a test waits on it to act
    /// at a point of a sync without asking the server (a request would compete with the sync)
    /// or sleeping. One readdir and a stat per member, as it is polled while the sync runs.
    public func membersWritten(to name: String, since start: timespec) -> Int {
        let folder = kind == .cyrus ? CyrusSetup.mailboxFolder(folder, user: user, calendar: name) ?? ""
            : storage + "/collection-root" + collectionPath(name)
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var info = stat()
            // Cyrus keeps each member as a message, `UID.`; a deleted one stays until expunged.
            let member = kind == .cyrus ? file.hasSuffix(".") && file.dropLast().allSatisfy(\.isNumber) : file.hasSuffix(".ics")
            guard member, stat(folder + file, &info) == 0 else { continue }
            let time = info.st_mtim
            if time.tv_sec > start.tv_sec || (time.tv_sec == start.tv_sec && time.tv_nsec >= start.tv_nsec) { count += 1 }
        }
        return count
    }

    /// Now on the clock `membersWritten(since:)` compares with.
    public static func fileClock() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return now
    }

    /// Copies the server's storage to `backup` (made anew), the server stopped meanwhile so the
    /// copy is one consistent state, then starts it again.
    public func backUp(to backup: String) throws {
        stop()
        try? FileManager.default.removeItem(atPath: backup)
        try FileManager.default.copyItem(atPath: storage, toPath: backup)
        try restart()
    }

    /// Puts a backup's state back in place of the current one (a server restored to an older
    /// state, its sync-token history with it).
    public func restore(from backup: String) throws {
        stop()
        try FileManager.default.removeItem(atPath: storage)
        try FileManager.default.copyItem(atPath: backup, toPath: storage)
        try restart()
    }

    public func stop() {
        if let process, process.isRunning {
            // The watchdog kills the server (Radicale ignores SIGTERM while a connection is open).
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        process = nil
        // DAViCal's PostgreSQL is a daemon of its own, no child of the watchdog.
        if kind == .davical { DavicalSetup.stop(folder: folder) }
    }

    /// Stops the server and removes its folder.
    public func remove() {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts it again on the same port and folder (after `stop`, to test a server that comes back).
    public func restart() throws {
        stop()
        process = try launch(port: port)
        guard DAVServer.waitForPort(port, seconds: Waiting.patience, while: { self.process?.isRunning ?? false }) else {
            throw StartFailure(description: "\(kind) did not come back on port \(port)")
        }
    }

    public func log() -> String {
        (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
    }

    private func launch(port: UInt16) throws -> Process {
        let process = Process()
        let log = folder + "/server.log"
        try Data().write(to: URL(fileURLWithPath: log))
        switch kind {
        case .radicale:
            try "\(user):\(password)\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                max_content_length = 100000000
                [auth]
                type = htpasswd
                htpasswd_filename = \(folder)/users
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(folder)/collections
                [rights]
                type = owner_only
                [logging]
                level = warning
                """
            try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
            // Debian's Python, not a pyenv python3 first on PATH (see the shared notes).
            process.arguments = ["/usr/bin/radicale", "--config", folder + "/config"]
        case .sabre:
            try setUpSabre()
            process.arguments = ["/usr/bin/php", "-S", "127.0.0.1:\(port)", folder + "/server.php"]
        case .xandikos:
            process.arguments = ["/usr/bin/xandikos", "-d", folder + "/data", "--autocreate", "-l", "127.0.0.1",
                                 "-p", String(port)]
        case .davical:
            process.arguments = try DavicalSetup.prepare(folder: folder, port: port, password: password)
        case .cyrus:
            if imapPort == 0 { imapPort = DAVServer.freePort() ?? 0 }
            process.arguments = try CyrusSetup.prepare(folder: folder, port: port, imapPort: imapPort, user: user, password: password)
        }
        // A watchdog shell owns the server: it ends it when told (SIGTERM) and when the test
        // process is gone, so a test killed by a timeout leaves no server behind.
        let watchdog = """
            "$@" & child=$!
            trap 'pkill -9 -P $child 2>/dev/null; kill -9 $child 2>/dev/null; exit 0' TERM
            while kill -0 \(getpid()) 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 0.2; done
            pkill -9 -P $child 2>/dev/null; kill -9 $child 2>/dev/null
            """
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", watchdog, "sh"] + (process.arguments ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/usr/bin:/bin"
        environment["HOME"] = folder
        environment["SABRE_DB"] = folder + "/data/db.sqlite"
        environment["SABRE_USER"] = user
        environment["SABRE_PASSWORD"] = password
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// sabre/dav's database (the schema Debian ships beside its examples, one principal for the
    /// test user) and its front file, once per folder: a restart keeps what the server holds.
    private func setUpSabre() throws {
        guard !FileManager.default.fileExists(atPath: folder + "/server.php") else { return }
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        var sql = ""
        for part in ["calendars", "principals", "locks"] {
            sql += try String(contentsOfFile: DAVServer.sabreSQL + "sqlite.\(part).sql", encoding: .utf8) + "\n"
        }
        sql += "INSERT INTO principals (uri, email, displayname) VALUES ('principals/\(user)', '\(user)@example.org', 'Tester');\n"
        let status = try SQLiteCLI.run(folder + "/data/db.sqlite", sql)
        guard status == 0 else { throw StartFailure(description: "cannot make sabre/dav's database (sqlite3 exited \(status))") }
        try DAVServer.sabreFront.write(toFile: folder + "/server.php", atomically: true, encoding: .utf8)
    }

    static let sabreSQL = "/usr/share/doc/php-sabre-dav/examples/sql/"

    /// The example calendarserver.php of php-sabre-dav, with Basic authentication of one user
    /// (errand sends Basic; the example's PDO backend wants Digest).
    static let sabreFront = """
        <?php
        date_default_timezone_set('UTC');
        require_once 'Sabre/autoload.php';
        $pdo = new \\PDO('sqlite:' . getenv('SABRE_DB'));
        $pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
        class TestAuth extends \\Sabre\\DAV\\Auth\\Backend\\AbstractBasic {
            protected function validateUserPass($username, $password) {
                return $username === getenv('SABRE_USER') && $password === getenv('SABRE_PASSWORD');
            }
        }
        $principals = new \\Sabre\\DAVACL\\PrincipalBackend\\PDO($pdo);
        $calendars = new \\Sabre\\CalDAV\\Backend\\PDO($pdo);
        $server = new \\Sabre\\DAV\\Server(array(
            new \\Sabre\\CalDAV\\Principal\\Collection($principals),
            new \\Sabre\\CalDAV\\CalendarRootNode($principals, $calendars),
        ));
        $server->setBaseUri('/');
        $server->addPlugin(new \\Sabre\\DAV\\Auth\\Plugin(new TestAuth(), 'errand'));
        $server->addPlugin(new \\Sabre\\DAVACL\\Plugin());
        $server->addPlugin(new \\Sabre\\CalDAV\\Plugin());
        $server->exec();
        """

    static func freePort() -> UInt16? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Polls until something accepts connections on the port (the server is ready).
    static func waitForPort(_ port: UInt16, seconds: Double, while alive: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, alive() {
            if RawHTTP.connect(port: port).map({ close($0); return true }) ?? false { return true }
            usleep(50_000)
        }
        return false
    }
}
