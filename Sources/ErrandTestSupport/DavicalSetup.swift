import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// DAViCal (Debian's davical on PostgreSQL 15, php-pgsql) in a folder of its own, as
/// ../shared/notes/caldav-in-the-wild.md measured it: a private PostgreSQL cluster (no TCP, a
/// Unix socket in a 0700 folder, fsync off), DAViCal's own create-database.sh (its admin
/// account is the test user), and PHP's built-in server with a router in front of caldav.php.
/// DAViCal reads /etc/davical/SERVER_NAME-conf.php: the router names a SERVER_NAME that leads
/// from there back into the folder, and the configuration read there names the host again, so
/// nothing is written outside the folder.
enum DavicalSetup {
    static let postgres = "/usr/lib/postgresql/15/bin/"
    static let htdocs = "/usr/share/davical/htdocs"

    /// The cluster made and started, the database made on the first start; the command that
    /// serves DAViCal on `port`.
    static func prepare(folder: String, port: UInt16, password: String) throws -> [String] {
        let root = folder + "/davical"
        let data = root + "/data", socket = root + "/sock"
        let fresh = !FileManager.default.fileExists(atPath: data)
        if fresh {
            try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: true)
            try check(DetachedRun.run(["/bin/chmod", "700", socket], log: root + "/setup.log"), "chmod")
            try check(DetachedRun.run(["/bin/chown", "-R", "postgres", root], log: root + "/setup.log"), "chown")
            try check(asPostgres([postgres + "initdb", "-D", data, "-A", "trust", "-U", "postgres"], root), "initdb")
        }
        try check(asPostgres([postgres + "pg_ctl", "-D", data, "-l", root + "/postgres.log", "-w", "-o",
                              "-c listen_addresses='' -c unix_socket_directories=\(socket) -c fsync=off", "start"], root), "pg_ctl start")
        if fresh {
            try check(asPostgres(["/usr/bin/env", "PGHOST=\(socket)", "PSQLOPTS=", "/usr/share/davical/dba/create-database.sh",
                                  "davical", password], root), "create-database.sh")
        }
        let conf = """
            <?php
            $c->pg_connect[] = 'host=\(socket) dbname=davical user=davical_app';
            $c->admin_email = 'admin@example.org';
            $c->system_name = 'Errand test DAViCal';
            // Read through a SERVER_NAME that leads here (router.php): the host's name again from now on.
            $_SERVER['SERVER_NAME'] = '127.0.0.1';
            """
        try conf.write(toFile: root + "/davical-conf.php", atomically: true, encoding: .utf8)
        let router = """
            <?php
            $path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
            $_SERVER['SERVER_NAME'] = '../..\(root)/davical';
            $_SERVER['SCRIPT_NAME'] = '/caldav.php';
            $_SERVER['PATH_INFO'] = str_starts_with($path, '/caldav.php') ? substr($path, strlen('/caldav.php')) : $path;
            chdir('\(htdocs)');
            require '\(htdocs)/caldav.php';
            """
        try router.write(toFile: root + "/router.php", atomically: true, encoding: .utf8)
        return ["/usr/bin/php", "-S", "127.0.0.1:\(port)", "-t", htdocs, root + "/router.php"]
    }

    /// Stops the cluster at once (a test's server holds nothing worth a clean shutdown).
    static func stop(folder: String) {
        let data = folder + "/davical/data"
        guard FileManager.default.fileExists(atPath: data + "/postmaster.pid") else { return }
        _ = try? asPostgres([postgres + "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"], folder + "/davical")
    }

    /// What the command says goes to setup.log in the folder (postgres owns the folder; root
    /// opens the log before the command drops to postgres).
    static func asPostgres(_ arguments: [String], _ root: String) throws -> Int32 {
        try DetachedRun.run(["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] + arguments,
                            log: root + "/setup.log")
    }

    static func check(_ status: Int32, _ what: String) throws {
        guard status == 0 else { throw DAVServer.StartFailure(description: "DAViCal's \(what) exited \(status) (see setup.log)") }
    }
}
