import ErrandFiles
import ErrandHelpers
import ErrandOptions
import FoundationEssentials

/// errand-fetch, errand's download helper: kept out of errand itself so that its start-up
/// never pays for the HTTP stack.
///
/// `errand-fetch [options] URL`: the body on stdout as it arrives; a failure as one wire line
/// on stderr (exit 1), and whatever was written is then to be discarded. With --progress-fd, a
/// progress line is drawn there and cleared at the end (only if one was drawn; the failure
/// line on stderr never carries it). With --password-on-stdin, the password for the user in
/// URL is read from stdin (percent-encoded, as it was in the URL): errand never puts it on our
/// command line, which every local user can read. With --user-agent, requests carry that
/// User-Agent (the geocoder names errand, as OSM asks).
///
/// `errand-fetch --dav [--max-bytes N] [--idle S] [--total S] [--parallel N]`: request frames on
/// stdin, reply frames on stdout (see DAVWire), several requests at once over kept-alive
/// connections, each bounded by the limits; credentials come as the first frame on stdin,
/// never in the arguments. Every request read gets exactly one reply, whatever the server does.
///
/// HTTP goes through libcurl, with no Foundation beyond FoundationEssentials: a download
/// follows up to 5 redirects (http and https only), a --dav request none.
public enum FetchCommand {
    public static let done = ExitStatus(0, "the body was written whole (--dav: stdin ended)")
    public static let failed = ExitStatus(1, "a failure, as one wire line on stderr (--dav: broken framing on stdin)")
    public static let badUsage = ExitStatus(2, "bad usage")

    public static func run(_ arguments: FetchArguments) -> ExitStatus {
        if arguments.davMode {
            // Replies are written by the one thread that runs the requests.
            let clean = DAVSession(limits: arguments.limits, parallel: arguments.parallel).run(input: 0) { bytes in
                Descriptor.writeAll(1, bytes)
            }
            if !clean { Descriptor.writeAll(2, "errand-fetch: broken request framing on stdin\n") }
            return clean ? done : failed
        }
        guard let text = arguments.target, let url = URL(string: text),
              ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            Descriptor.writeAll(2, CatalogueError.unsupportedURL(arguments.target ?? "").wireLine + "\n")
            return failed
        }
        // errand writes the password (4 KiB at most) and closes the pipe.
        let password = arguments.passwordOnStdin ? String(decoding: Descriptor.readAll(0, limit: 4096), as: UTF8.self) : nil
        // The body goes to stdout as it arrives, through a spool file so that a slow reader never
        // stalls the transfer (BodySpool); errand keeps it only if we exit 0.
        let spool = BodySpool(folder: UnlinkedFile.temporaryFolder, output: 1)
        let forward: @Sendable (UnsafeRawBufferPointer) -> Bool = { piece in
            if let spool { return spool.append(piece) }
            return Descriptor.writeAll(1, piece) == nil
        }
        var downloader = CurlDownloader(forward: forward, password: password, userAgent: arguments.userAgent)
        if let fd = arguments.progressFD {
            downloader = CurlDownloader(progress: { received, expected in
                let total = expected.map { " of \($0 / 1024) KB" } ?? ""
                Descriptor.writeAll(fd, "\rdownloading: \(received / 1024) KB\(total)\u{1B}[K")
            }, finished: { Descriptor.writeAll(fd, "\r\u{1B}[K") }, forward: forward, password: password,
               userAgent: arguments.userAgent)
        }
        do {
            _ = try downloader.download(url, limits: arguments.limits)
            // A reader gone before the end has had all it wanted: nothing more to report.
            return spool?.finish() == false ? failed : done
        } catch {
            Descriptor.writeAll(2, error.wireLine + "\n")
            return failed
        }
    }
}
