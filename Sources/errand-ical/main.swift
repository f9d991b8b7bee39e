import ErrandDomain
import ErrandFiles
import ErrandICal
import ErrandStorage
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// errand's iCalendar helper, as errand-fetch is its HTTP one: libical (and the ICU and libdb
// it loads) stays out of every errand start. Two modes, both answering on stdout, a failure
// as one line on stderr and exit status 1:
//   errand-ical read --zone ZONE --now SECONDS FILE   the VTODOs of FILE, as CalendarWire
//   errand-ical write --zone ZONE                     CalendarWire items on stdin -> one VCALENDAR
//   errand-ical write-each --zone ZONE                CalendarWire items on stdin -> `text` fields, one
//                                                     VCALENDAR per item (sync: one per PUT)
//   errand-ical read-each --zone ZONE --now SECONDS   `text` fields on stdin, each a calendar object
//                                                     with one VTODO -> CalendarWire, one item each

// It holds the to-do list (and, syncing, the server's copy): kept out of core files too.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)

// FoundationEssentials only (no FileHandle): the full Foundation would bring ICU's data.
func write(_ fd: Int32, _ bytes: some Collection<UInt8>) {
    var rest = Array(bytes)[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        rest = rest.dropFirst(written)
    }
}

func readStandardInput() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return data }
        data.append(contentsOf: buffer[0..<count])
    }
}

func usage(_ message: String) -> Never {
    write(2, Array((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { usage("usage: errand-ical read|write --zone ZONE [--now SECONDS] [FILE]") }
arguments.removeFirst()
var zone = Clock().zoneName
var now = Date()
var file: String?
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    switch word {
    case "--zone":
        guard !arguments.isEmpty else { usage("--zone needs a zone") }
        zone = arguments.removeFirst()
    case "--now":
        guard let seconds = arguments.first.flatMap(Double.init), Clock.supportedSeconds.contains(seconds) else {
            usage("--now needs seconds since 1970")
        }
        arguments.removeFirst()
        now = Date(timeIntervalSince1970: seconds)
    default:
        file = word
    }
}

// libical warns about malformed input on stderr ("Encountered END before BEGIN"); errand takes
// the helper's last stderr line as the reason of a failure, so only our own line may be there.
let ourStderr = dup(2)
let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
if devNull >= 0 { dup2(devNull, 2) }

func fail(_ message: String) -> Never {
    if ourStderr >= 0 { dup2(ourStderr, 2) }
    write(2, Array((TextSafety.neutralised(message, asSpace: ["\n", "\t"]) + "\n").utf8))
    exit(1)
}

switch mode {
case "read":
    guard let file else { fail("read needs a FILE") }
    do {
        let data = try ImportFile.read(file, expected: "an iCalendar file")
        let batch = try VTodoReader(zoneName: zone, now: now).read(String(decoding: data, as: UTF8.self), newID: UUID.init)
        write(1, CalendarWire.encode(batch))
    } catch let error as StoreError {
        fail(error.description)
    } catch {
        fail("\(file): \(error)")
    }
case "write":
    let input = readStandardInput()
    do {
        let batch = try CalendarWire.decode(input, newID: UUID.init)
        guard let text = VTodoWriter(zoneName: zone).calendar(batch.items) else { fail("libical ran out of memory") }
        write(1, Array(text.utf8))
    } catch {
        fail("malformed input: \(error)")
    }
case "write-each":
    let input = readStandardInput()
    do {
        let batch = try CalendarWire.decode(input, newID: UUID.init)
        guard let texts = VTodoWriter(zoneName: zone).calendars(batch.items) else { fail("libical ran out of memory") }
        write(1, CalendarWire.encode(texts: texts))
    } catch {
        fail("malformed input: \(error)")
    }
case "read-each":
    let input = readStandardInput()
    let texts: [String]
    do {
        texts = try CalendarWire.decodeTexts(input)
    } catch {
        fail("malformed input: \(error)")
    }
    do throws(ICalError) {
        let items = try VTodoReader(zoneName: zone, now: now).readEach(texts, newID: UUID.init)
        write(1, CalendarWire.encode(CalendarWire.Batch(items: items)))
    } catch {
        fail(error.description)
    }
default:
    fail("unknown mode \(mode): read, write, read-each or write-each")
}
