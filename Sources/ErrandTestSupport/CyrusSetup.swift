import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Cyrus IMAP's CalDAV (Debian's cyrus-imapd, cyrus-caldav, sasl2-bin) in a folder of its own,
/// as ../shared/notes/caldav-in-the-wild.md measured it: its own imapd.conf and cyrus.conf
/// (every service given `-C`, or it reads /etc/imapd.conf), a private sasldb, an IMAP and an
/// HTTP listener on loopback, run as the cyrus user (Cyrus refuses root). HTTP answers 500 for
/// a user whose INBOX does not exist yet: one IMAP login makes it (`login`).
enum CyrusSetup {
    static let bin = "/usr/lib/cyrus/bin/"

    /// Writes the configuration for the HTTP `port` and IMAP `imapPort`, the user's password,
    /// and gives the folder to the cyrus user; the command that runs `master` in the foreground.
    static func prepare(folder: String, port: UInt16, imapPort: UInt16, user: String, password: String) throws -> [String] {
        for part in ["conf", "spool", "log"] {
            try FileManager.default.createDirectory(atPath: folder + "/cyrus/" + part, withIntermediateDirectories: true)
        }
        let root = folder + "/cyrus"
        let imapd = """
            configdirectory: \(root)/conf
            partition-default: \(root)/spool
            sasl_pwcheck_method: auxprop
            sasl_auxprop_plugin: sasldb
            sasl_sasldb_path: \(root)/sasldb2
            sasl_mech_list: PLAIN LOGIN
            allowplaintext: yes
            httpmodules: caldav
            autocreate_quota: 0
            caldav_allowscheduling: no
            syslog_prefix: errand-test-cyrus
            """
        try imapd.write(toFile: root + "/imapd.conf", atomically: true, encoding: .utf8)
        let services = """
            START {
              recover cmd="\(bin)ctl_cyrusdb -r -C \(root)/imapd.conf"
            }
            SERVICES {
              imap cmd="\(bin)imapd -C \(root)/imapd.conf" listen="127.0.0.1:\(imapPort)" prefork=0
              http cmd="\(bin)httpd -C \(root)/imapd.conf" listen="127.0.0.1:\(port)" prefork=0
            }
            EVENTS {
            }
            """
        try services.write(toFile: root + "/cyrus.conf", atomically: true, encoding: .utf8)
        if !FileManager.default.fileExists(atPath: root + "/sasldb2") {
            let status = try run(["/usr/sbin/saslpasswd2", "-p", "-c", "-f", root + "/sasldb2", "-u", "", user], input: password)
            guard status == 0 else { throw DAVServer.StartFailure(description: "saslpasswd2 exited \(status)") }
        }
        let owned = try run(["/bin/chown", "-R", "cyrus:mail", folder], input: "")
        guard owned == 0 else { throw DAVServer.StartFailure(description: "cannot give \(folder) to the cyrus user (chown exited \(owned))") }
        // setpriv execs master itself (runuser would stay between): the watchdog's kill reaches it.
        return ["/usr/bin/setpriv", "--reuid=cyrus", "--regid=mail", "--init-groups", "--",
                bin + "master", "-p", root + "/master.pid", "-C", root + "/imapd.conf", "-M", root + "/cyrus.conf"]
    }

    /// One IMAP login (which makes the user's INBOX, so CalDAV answers), then logout.
    static func login(imapPort: UInt16, user: String, password: String) throws {
        guard let fd = RawHTTP.connect(port: imapPort) else {
            throw DAVServer.StartFailure(description: "Cyrus's IMAP port \(imapPort) does not accept connections")
        }
        defer { close(fd) }
        var seen = ""
        func read(until marker: String) throws {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !seen.contains(marker) {
                let n = Glibc.read(fd, &buffer, buffer.count)
                guard n > 0 else { throw DAVServer.StartFailure(description: "Cyrus's IMAP said: " + seen.suffix(300)) }
                seen += String(decoding: buffer[0..<n], as: UTF8.self)
            }
        }
        func send(_ line: String) {
            _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        }
        try read(until: "\r\n")
        send("a1 LOGIN \(user) \(password)\r\n")
        try read(until: "a1 ")
        try read(until: "\r\n")
        guard seen.contains("a1 OK") else { throw DAVServer.StartFailure(description: "Cyrus refused the login: " + seen.suffix(300)) }
        send("a2 LOGOUT\r\n")
    }

    static func run(_ arguments: [String], input: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The spool folder of `user`'s calendar `calendar` (Cyrus files mailboxes by a unique id:
    /// the one whose header names it), with a slash; nil before it is made.
    static func mailboxFolder(_ folder: String, user: String, calendar: String) -> String? {
        let spool = folder + "/cyrus/spool/uuid"
        let name = Array("N user.\(user).#calendars.\(calendar) ".utf8)
        let enumerator = FileManager.default.enumerator(atPath: spool)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix("/cyrus.header"),
                  let header = FileManager.default.contents(atPath: spool + "/" + path).map(Array.init) else { continue }
            if header.count >= name.count, (0...(header.count - name.count)).contains(where: { header[$0..<($0 + name.count)].elementsEqual(name) }) {
                return spool + "/" + String(path.dropLast("cyrus.header".count))
            }
        }
        return nil
    }
}
