import ErrandDAVWire
import ErrandFiles
import ErrandHelpers
import ErrandNetwork
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// errand-fetch [--max-bytes N] [--idle S] [--total S] [--progress-fd FD] [--password-on-stdin] [--user-agent UA]
//              [--accept json|image] URL
//
// errand's download helper: the body on stdout as it arrives; a failure as one wire line on
// stderr (exit 1), and whatever was written is then to be discarded;
// bad usage exit 2. Kept out of errand itself so that its start-up never pays for the HTTP
// stack. With --progress-fd, a progress line is drawn there and cleared at the end (only if
// one was drawn; the failure line on stderr never carries it). With --password-on-stdin, the
// password for the user in URL is read from stdin (percent-encoded, as it was in the URL):
// errand never puts it on our command line, which every local user can read. With
// --user-agent, requests carry that User-Agent (the geocoder names errand, as OSM asks).
//
// errand-fetch --dav [--max-bytes N] [--idle S] [--total S] [--parallel N]
//
// CalDAV mode: request frames on stdin, reply frames on stdout (see DAVWire), several
// requests at once over kept-alive connections, each bounded by the limits; credentials come
// as the first frame on stdin, never in the arguments. Exit 0 at the end of stdin, 1 if the
// framing was broken. Every request read gets exactly one reply, whatever the server does.
//
// HTTP goes through libcurl (ErrandNetwork), with no Foundation beyond FoundationEssentials:
// a download follows up to 5 redirects (http and https only), a --dav request none.

// It reads a password from its stdin: no core file, no core_pattern pipe, no ptrace.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)

func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool { Descriptor.writeAll(fd, bytes) == nil }

func say(_ fd: Int32, _ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
}

func usage(_ message: String) -> Never {
    say(2, "errand-fetch: \(message)\nusage: errand-fetch [--max-bytes N] [--idle S] [--total S] [--progress-fd FD] [--password-on-stdin] [--user-agent UA] [--accept json|image] URL\n")
    exit(2)
}

var limits = FetchLimits()
var progressFD: Int32?
var passwordOnStdin = false
var userAgent: String?
var davMode = false
var parallel = 6
var target: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    func value() -> String {
        guard let next = arguments.next() else { usage("\(argument) needs a value") }
        return next
    }
    switch argument {
    case "--max-bytes": guard let n = Int(value()), n > 0 else { usage("--max-bytes needs a positive number") }; limits.maxBytes = n
    case "--idle": guard let s = Double(value()), s > 0 else { usage("--idle needs seconds") }; limits.idleTimeout = s
    case "--total": guard let s = Double(value()), s > 0 else { usage("--total needs seconds") }; limits.totalTimeout = s
    case "--progress-fd": guard let fd = Int32(value()), fd >= 0 else { usage("--progress-fd needs a descriptor") }; progressFD = fd
    case "--password-on-stdin": passwordOnStdin = true
    case "--accept": guard let kind = ContentKind(rawValue: value()) else { usage("--accept needs json or image") }; limits.kind = kind
    case "--user-agent":
        let agent = value()
        // One header line: no control characters, a sane length.
        guard !agent.isEmpty, agent.count <= 200, !agent.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            usage("--user-agent needs a short printable text")
        }
        userAgent = agent
    case "--dav": davMode = true
    case "--parallel": guard let n = Int(value()), (1...32).contains(n) else { usage("--parallel needs 1 to 32") }; parallel = n
    default:
        guard !argument.hasPrefix("-"), target == nil else { usage("unexpected \(argument)") }
        target = argument
    }
}
if davMode {
    guard target == nil else { usage("--dav takes no URL: requests come on stdin") }
    // Replies are written by the one thread that runs the requests.
    let clean = DAVSession(limits: limits, parallel: parallel).run(input: 0) { bytes in
        _ = bytes.withUnsafeBytes { writeAll(1, $0) }
    }
    if !clean { say(2, "errand-fetch: broken request framing on stdin\n") }
    exit(clean ? 0 : 1)
}
guard let text = target, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
    say(2, CatalogueError.unsupportedURL(target ?? "").wireLine + "\n")
    exit(1)
}

/// Everything on stdin, at most 4 KiB (errand writes the password and closes the pipe).
func readPassword() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= 4096 {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        bytes += chunk.prefix(n)
    }
    return String(decoding: bytes.prefix(4096), as: UTF8.self)
}

let password = passwordOnStdin ? readPassword() : nil
// The body goes to stdout as it arrives, through a spool file so that a slow reader never
// stalls the transfer (BodySpool); errand keeps it only if we exit 0.
let spool = BodySpool(folder: BodySpool.temporaryFolder, output: 1)
let forward: @Sendable (UnsafeRawBufferPointer) -> Bool = { piece in
    if let spool { return spool.append(piece) }
    return writeAll(1, piece)
}
var downloader = CurlDownloader(forward: forward, password: password, userAgent: userAgent)
if let fd = progressFD {
    downloader = CurlDownloader(progress: { received, expected in
        let total = expected.map { " of \($0 / 1024) KB" } ?? ""
        say(fd, "\rdownloading: \(received / 1024) KB\(total)\u{1B}[K")
    }, finished: { say(fd, "\r\u{1B}[K") }, forward: forward, password: password, userAgent: userAgent)
}
do {
    _ = try downloader.download(url, limits: limits)
    // A reader gone before the end has had all it wanted: nothing more to report.
    exit(spool?.finish() == false ? 1 : 0)
} catch {
    say(2, error.wireLine + "\n")
    exit(1)
}
