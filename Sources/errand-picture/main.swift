import ErrandFiles
import ErrandPicture
#if canImport(Glibc)
import Glibc
#endif

// errand-picture [--format auto|symbols|kitty|iterm2|sixels] [--colors auto|truecolor|256|16]
//                [--columns N] [--rows N] [--cell WxH] FILE
// errand-picture --detect
//
// errand's picture helper: decodes FILE (JPEG or PNG) and writes it to stdout drawn for the
// terminal in its environment (or as told), at most COLUMNS x ROWS cells. A failure is one
// line on stderr and exit 1; bad usage exit 2. --detect prints the format and colours it
// would choose. A process of its own so that errand's start-up never pays for GLib and
// libchafa, and so that an image built to hurt the decoder can only take this process down:
// it runs under limits on memory and CPU time it sets itself, and writes no file.

// The same as errand and the other helpers (see CoreDumps); limitSelf adds its own limits.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)

func say(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        bytes = bytes.dropFirst(n)
    }
}

func usage(_ message: String) -> Never {
    say(2, "errand-picture: \(message)\nusage: errand-picture [--format auto|symbols|kitty|iterm2|sixels] "
        + "[--colors auto|truecolor|256|16] [--columns N] [--rows N] [--cell WxH] FILE | --detect\n")
    exit(2)
}

func fail(_ error: PictureError) -> Never {
    say(2, error.description + "\n")
    exit(1)
}

/// 1 GB of address space (the decoded pixels are 64 MB at most; GLib's threads reserve stacks)
/// and 10 s of CPU: past either the kernel stops us, and errand shows one line.
func limitSelf() {
    var memory = rlimit(rlim_cur: 1 << 30, rlim_max: 1 << 30)
    setrlimit(Int32(RLIMIT_AS.rawValue), &memory)
    var cpu = rlimit(rlim_cur: 10, rlim_max: 11)
    setrlimit(Int32(RLIMIT_CPU.rawValue), &cpu)
}

/// The whole file, if it is a regular file within the limit.
func readImage(_ path: String, limit: Int) throws(PictureError) -> [UInt8] {
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

var environment: [String: String] = [:]
var cursor = environ
while let entry = cursor.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    cursor += 1
}

var format: PictureFormat?
var colors: PictureColors?
var columns = 80, rows = 24
var cell = PixelSize(width: 10, height: 20)
var detectOnly = false
var path: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    func value() -> String {
        guard let next = arguments.next() else { usage("\(argument) needs a value") }
        return next
    }
    switch argument {
    case "--format":
        let text = value()
        guard text == "auto" || PictureFormat(rawValue: text) != nil else { usage("unknown format \(text)") }
        format = PictureFormat(rawValue: text)
    case "--colors":
        let text = value()
        guard text == "auto" || PictureColors(rawValue: text) != nil else { usage("unknown colours \(text)") }
        colors = PictureColors(rawValue: text)
    case "--columns": guard let n = Int(value()), (1...1_000).contains(n) else { usage("--columns needs 1 to 1000") }; columns = n
    case "--rows": guard let n = Int(value()), (1...500).contains(n) else { usage("--rows needs 1 to 500") }; rows = n
    case "--cell":
        let parts = value().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (1...100).contains(parts[0]), (1...200).contains(parts[1]) else { usage("--cell needs WxH") }
        cell = PixelSize(width: parts[0], height: parts[1])
    case "--detect": detectOnly = true
    default:
        guard !argument.hasPrefix("-"), path == nil else { usage("unexpected \(argument)") }
        path = argument
    }
}

limitSelf()
var profile = TerminalProfile.detect(environment: environment)
if let format { profile.format = format }
if let colors { profile.colors = colors }
if detectOnly {
    say(1, "\(profile.format.rawValue) \(profile.colors.rawValue)\n")
    exit(0)
}
guard let path else { usage("no FILE") }
let drawer = PictureDrawer(profile: profile, columns: columns, rows: rows, cell: cell)
let limits = PictureLimits()
do {
    let bytes = try readImage(path, limit: limits.maxFileBytes)
    let image = try ImageDecoder.decode(bytes, fitting: drawer.pixelsWanted, limits: limits)
    say(1, try drawer.draw(image))
    exit(0)
} catch {
    fail(error)
}
