import ErrandDomain
import ErrandFiles
import ErrandICal
import ErrandCalendarWire
import Foundation
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

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { usage("usage: errand-ical read|write --zone ZONE [--now SECONDS] [FILE]") }
arguments.removeFirst()
var zone = TimeZone.current.identifier
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
    FileHandle.standardError.write(Data((TextSafety.neutralised(message, asSpace: ["\n", "\t"]) + "\n").utf8))
    exit(1)
}

switch mode {
case "read":
    guard let file else { fail("read needs a FILE") }
    do {
        let data = try ImportFile.read(file, expected: "an iCalendar file")
        let batch = try VTodoReader(zoneName: zone, now: now).read(String(decoding: data, as: UTF8.self), newID: UUID.init)
        FileHandle.standardOutput.write(CalendarWire.encode(batch))
    } catch let error as FileFailure {
        fail(error.description)
    } catch {
        fail("\(file): \(error)")
    }
case "write":
    let input = FileHandle.standardInput.readDataToEndOfFile()
    do {
        let batch = try CalendarWire.decode(input, newID: UUID.init)
        guard let text = VTodoWriter(zoneName: zone).calendar(batch.items) else { fail("libical ran out of memory") }
        FileHandle.standardOutput.write(Data(text.utf8))
    } catch {
        fail("malformed input: \(error)")
    }
case "write-each":
    let input = FileHandle.standardInput.readDataToEndOfFile()
    do {
        let batch = try CalendarWire.decode(input, newID: UUID.init)
        guard let texts = VTodoWriter(zoneName: zone).calendars(batch.items) else { fail("libical ran out of memory") }
        FileHandle.standardOutput.write(CalendarWire.encode(texts: texts))
    } catch {
        fail("malformed input: \(error)")
    }
case "read-each":
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let texts: [String]
    do {
        texts = try CalendarWire.decodeTexts(input)
    } catch {
        fail("malformed input: \(error)")
    }
    do throws(ICalError) {
        let items = try VTodoReader(zoneName: zone, now: now).readEach(texts, newID: UUID.init)
        FileHandle.standardOutput.write(CalendarWire.encode(CalendarWire.Batch(items: items)))
    } catch {
        fail(error.description)
    }
default:
    fail("unknown mode \(mode): read, write, read-each or write-each")
}
