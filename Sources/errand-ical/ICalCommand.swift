import ErrandCalendarWire
import ErrandDomain
import ErrandFiles
import ErrandICal
import ErrandOptions
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// errand-ical, errand's iCalendar helper, as errand-fetch is its HTTP one: libical (and the
/// ICU and libdb it loads) stays out of every errand start. Every mode answers on stdout:
///   read --zone ZONE --now SECONDS FILE   the VTODOs of FILE, as CalendarWire
///   write --zone ZONE                     CalendarWire items on stdin -> one VCALENDAR
///   write-each --zone ZONE                CalendarWire items on stdin -> `text` fields, one
///                                         VCALENDAR per item (sync: one per PUT)
///   read-each --zone ZONE --now SECONDS   `text` fields on stdin, each a calendar object with
///                                         one VTODO -> CalendarWire, one item each
///   check-occurrences --zone ZONE --now SECONDS
///                                         CalendarWire repeating items on stdin -> for each,
///                                         the series with its open occurrence recorded done
///                                         (RECURRENCE-ID) and the done item (OccurrenceCheck)
enum ICalCommand {
    static let done = ExitStatus(0, "the answer is on stdout")
    /// errand takes the last stderr line of a failure as its reason, bad usage included.
    static let failed = ExitStatus(1, "a failure or bad usage: one line on stderr")

    static func run(_ arguments: ICalArguments) -> ExitStatus {
        // libical warns about malformed input on stderr ("Encountered END before BEGIN"); errand
        // takes the helper's last stderr line as the reason of a failure, so only ours may be there.
        let ourStderr = dup(2)
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if devNull >= 0 { dup2(devNull, 2) }
        do {
            Descriptor.writeAll(1, try answer(arguments))
            return done
        } catch {
            if ourStderr >= 0 { dup2(ourStderr, 2) }
            Descriptor.writeAll(2, TextSafety.neutralised(error.description, asSpace: ["\n", "\t"]) + "\n")
            return failed
        }
    }

    static func answer(_ arguments: ICalArguments) throws(OptionFailure) -> [UInt8] {
        let zone = arguments.zone, now = arguments.now
        switch arguments.mode {
        case .read:
            guard let file = arguments.file else { throw OptionFailure("read needs a FILE") }
            do {
                let data = try ImportFile.read(file, expected: "an iCalendar file")
                return Array(CalendarWire.encode(try VTodoReader(zoneName: zone, now: now)
                    .read(String(decoding: data, as: UTF8.self), newID: UUID.init)))
            } catch let error as FileFailure {
                throw OptionFailure(error.description)
            } catch {
                throw OptionFailure("\(file): \(error)")
            }
        case .write:
            let batch = try decode { try CalendarWire.decode(bytes: $0, newID: UUID.init) }
            guard let text = VTodoWriter(zoneName: zone).calendar(batch.items) else { throw OptionFailure("libical ran out of memory") }
            return Array(text.utf8)
        case .writeEach:
            let batch = try decode { try CalendarWire.decode(bytes: $0, newID: UUID.init) }
            guard let texts = VTodoWriter(zoneName: zone).calendars(batch.items) else {
                throw OptionFailure("libical ran out of memory")
            }
            return Array(CalendarWire.encode(texts: texts))
        case .checkOccurrences:
            let batch = try decode { try CalendarWire.decode(bytes: $0, newID: UUID.init) }
            let check = OccurrenceCheck(zoneName: zone, now: now)
            var out = CalendarWire.Batch(items: [])
            for (index, item) in batch.items.enumerated() {
                do throws(ICalError) {
                    let (series, done) = try check.check(item, at: now)
                    out.items += [series, done]
                } catch {
                    throw OptionFailure("item \(index + 1): \(error.description)")
                }
            }
            return Array(CalendarWire.encode(out))
        case .readEach:
            let texts = try decode { try CalendarWire.decodeTexts(bytes: $0) }
            do throws(ICalError) {
                let items = try VTodoReader(zoneName: zone, now: now).readEach(texts, newID: UUID.init)
                return Array(CalendarWire.encode(CalendarWire.Batch(items: items)))
            } catch {
                throw OptionFailure(error.description)
            }
        }
    }

    /// CalendarWire on stdin, read whole (errand closes it after the last item).
    static func decode<T>(_ body: ([UInt8]) throws -> T) throws(OptionFailure) -> T {
        do {
            return try body(Descriptor.readAll(0))
        } catch {
            throw OptionFailure("malformed input: \(error)")
        }
    }
}
