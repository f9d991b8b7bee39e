import ErrandDomain
import ErrandStorage
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes iCalendar by running `errand-ical` (beside the errand executable, or
/// `ERRAND_ICAL`), which alone links libical: linking it here cost every errand start 1.3 ms
/// (ICU, libdb). Items cross as CalendarWire; a failure comes back as the helper's one line.
public struct CalendarHelper: Sendable {
    public var helperPath: String
    /// The user's zone: a DUE with a time is read and written in it.
    public var zoneName: String

    public init(zoneName: String, helperPath: String? = nil) {
        self.zoneName = zoneName
        self.helperPath = helperPath ?? CalendarHelper.defaultPath()
    }

    /// errand-ical beside this executable (errand's configuration reads ERRAND_ICAL; this
    /// reads it too, for a helper built without that configuration).
    public static func defaultPath() -> String {
        HelperDownloader.besideExecutable("errand-ical", unless: "ERRAND_ICAL")
    }

    /// The VTODOs of the .ics file at `path` (checked and bounded by the helper), with new ids.
    public func read(path: String, now: Date, newID: () -> UUID) throws -> CalendarWire.Batch {
        let output = try run(["read", "--zone", zoneName, "--now", String(Int64(now.timeIntervalSince1970)), path],
                             input: nil, naming: path)
        do {
            return try CalendarWire.decode(bytes: output, newID: newID)
        } catch {
            throw StoreError.badFile(path: path, reason: "the iCalendar helper answered garbage (\(error))")
        }
    }

    /// One VCALENDAR holding the items, as .ics text.
    public func write(_ items: [TodoItem], naming path: String) throws -> Data {
        Data(try run(["write", "--zone", zoneName], input: CalendarWire.encode(CalendarWire.Batch(items: items)), naming: path))
    }

    /// One VCALENDAR per item, in order (sync sends each with its own PUT). `naming`: what a
    /// failure is about, for its message.
    public func writeEach(_ items: [TodoItem], naming what: String) throws -> [String] {
        let output = try run(["write-each", "--zone", zoneName],
                             input: CalendarWire.encode(CalendarWire.Batch(items: items)), naming: what)
        do {
            return try CalendarWire.decodeTexts(bytes: output)
        } catch {
            throw StoreError.badFile(path: what, reason: "the iCalendar helper answered garbage (\(error))")
        }
    }

    /// One item per calendar object, in order, each with a new id; a hostile or unusable object
    /// refuses the batch in one line naming its place (`calendar object 3: ...`).
    public func readEach(_ texts: [String], now: Date, naming what: String, newID: () -> UUID) throws -> [TodoItem] {
        let output = try run(["read-each", "--zone", zoneName, "--now", String(Int64(now.timeIntervalSince1970))],
                             input: CalendarWire.encode(texts: texts), naming: what)
        do {
            return try CalendarWire.decode(bytes: output, newID: newID).items
        } catch {
            throw StoreError.badFile(path: what, reason: "the iCalendar helper answered garbage (\(error))")
        }
    }

    /// Runs the helper with `input` on its stdin (written whole before its output is read: the
    /// helper reads all of it before it writes) and gives back its stdout.
    func run(_ arguments: [String], input: Data?, naming path: String) throws -> [UInt8] {
        func failed(_ reason: String) -> StoreError { .badFile(path: path, reason: reason) }
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard HelperDownloader.makePipe(&inPipe) else { throw failed("cannot start the iCalendar helper (no pipes)") }
        defer { [inPipe[0], inPipe[1]].forEach { if $0 >= 0 { close($0) } } }
        guard HelperDownloader.makePipe(&outPipe) else { throw failed("cannot start the iCalendar helper (no pipes)") }
        defer { close(outPipe[0]) }
        guard HelperDownloader.makePipe(&errPipe) else {
            close(outPipe[1])
            throw failed("cannot start the iCalendar helper (no pipes)")
        }
        defer { close(errPipe[0]) }
        var pid: pid_t = 0
        let spawned = spawn([helperPath] + arguments, pid: &pid, fds: (inPipe[0], outPipe[1], errPipe[1]))
        close(outPipe[1])
        close(errPipe[1])
        close(inPipe[0])
        inPipe[0] = -1
        guard spawned == 0 else {
            throw failed("cannot run the iCalendar helper \(helperPath) (\(String(cString: strerror(spawned))))")
        }
        if let input { CalendarHelper.writeAll(inPipe[1], input) }
        close(inPipe[1])
        inPipe[1] = -1
        let output = CalendarHelper.readAll(outPipe[0])
        let message = String(decoding: HelperDownloader.readAll(errPipe[0], limit: 64 << 10), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7f == 0, (status >> 8) & 0xff == 0 { return output }
        let line = message.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let reason = status & 0x7f != 0 ? "the iCalendar helper was killed by signal \(status & 0x7f)"
            : line.isEmpty ? "the iCalendar helper failed (exit status \((status >> 8) & 0xff))" : line
        throw failed(CalendarHelper.withoutPath(TextSafety.neutralised(reason), path))
    }

    /// The helper names the file as errand does; said once is enough.
    static func withoutPath(_ line: String, _ path: String) -> String {
        line.hasPrefix(path + ": ") ? String(line.dropFirst(path.count + 2)) : line
    }

    /// The helper's whole output, as the bytes CalendarWire reads.
    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func writeAll(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                // The helper stopped reading (it failed): its stderr says why.
                if n <= 0 { return }
                offset += n
            }
        }
    }

    func spawn(_ arguments: [String], pid: inout pid_t, fds: (Int32, Int32, Int32)) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds.0, 0)
        posix_spawn_file_actions_adddup2(&actions, fds.1, 1)
        posix_spawn_file_actions_adddup2(&actions, fds.2, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawn(&pid, helperPath, &actions, nil, argv, environ)
    }
}
