import ErrandFiles
import ErrandOptions
#if canImport(Glibc)
import Glibc
#endif

/// errand-picture, errand's picture helper: decodes FILE (JPEG or PNG) and writes it to stdout
/// drawn for the terminal in its environment (or as told), at most COLUMNS x ROWS cells.
/// --detect prints the format and colours it would choose. A process of its own so that
/// errand's start-up never pays for GLib and libchafa, and so that an image built to hurt the
/// decoder can only take this process down: it runs under limits on memory and CPU time it
/// sets itself, and writes no file.
public enum PictureCommand {
    public static let done = ExitStatus(0, "drawn (or detected)")
    public static let failed = ExitStatus(1, "the image could not be drawn: one line on stderr")
    public static let badUsage = ExitStatus(2, "bad usage")

    public static func run(_ arguments: PictureArguments) -> ExitStatus {
        limitSelf()
        var profile = TerminalProfile.detect(environment: environment())
        if let format = arguments.format { profile.format = format }
        if let colors = arguments.colors { profile.colors = colors }
        if arguments.detectOnly {
            Descriptor.writeAll(1, "\(profile.format.rawValue) \(profile.colors.rawValue)\n")
            return done
        }
        guard let path = arguments.path else {
            Descriptor.writeAll(2, "errand-picture: no FILE\n\(PictureArguments.usage)\n")
            return badUsage
        }
        let drawer = PictureDrawer(profile: profile, columns: arguments.columns, rows: arguments.rows, cell: arguments.cell)
        let limits = PictureLimits()
        do {
            let bytes = try readImage(path, limit: limits.maxFileBytes)
            let image = try ImageDecoder.decode(bytes, fitting: drawer.pixelsWanted, limits: limits)
            Descriptor.writeAll(1, try drawer.draw(image))
            return done
        } catch {
            Descriptor.writeAll(2, error.description + "\n")
            return failed
        }
    }

    /// 1 GB of address space (the decoded pixels are 64 MB at most; GLib's threads reserve
    /// stacks) and 10 s of CPU: past either the kernel stops us, and errand shows one line.
    static func limitSelf() {
        var memory = rlimit(rlim_cur: 1 << 30, rlim_max: 1 << 30)
        setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
        var cpu = rlimit(rlim_cur: 10, rlim_max: 11)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
    }

    static func environment() -> [String: String] {
        var environment: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return environment
    }

    /// The whole file, if it is a regular file within the limit.
    static func readImage(_ path: String, limit: Int) throws(PictureError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable("not a regular file") }
        guard Int(info.st_size) <= limit else { throw .fileTooLarge(limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        // A file that grew while read is judged by what it holds.
        guard filled <= limit else { throw .fileTooLarge(limit: limit) }
        return Array(bytes.prefix(filled))
    }
}
