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
///   read --zone ZONE --now SECONDS FILE   the VTODOs of FILE, as CalendarWire, each item
///                                         written as soon as it is read
///   write --zone ZONE                     CalendarWire items on stdin -> one VCALENDAR
///   write-each --zone ZONE                CalendarWire items on stdin -> `text` fields, one
///                                         VCALENDAR per item (sync: one per PUT)
///   read-each --zone ZONE --now SECONDS   `text` fields on stdin, each a calendar object with
///                                         one VTODO -> CalendarWire, one item each
///   check-occurrences --zone ZONE --now SECONDS
///                                         CalendarWire repeating items on stdin -> for each,
///                                         the series with its open occurrence recorded done
///                                         (RECURRENCE-ID) and the done item (OccurrenceCheck)
///   occurrence-days --zone ZONE --from DAY --through DAY [--with-open]
///                                         CalendarWire repeating items on stdin -> a line for
///                                         each: the due days (YYYY-MM-DD) of its occurrences
///                                         after its open one in the window (SeriesDays)
///   check-rule RULE                       an RRULE as libical reads and writes it back, or a
///                                         one-line refusal
///   serve                                 every mode but read and serve, one request after
///                                         another on stdin (ServeFrame), until stdin ends
///                                         (ICalServe): errand's session keeps one running
enum ICalCommand {
    static let done = ExitStatus(0, "the answer is on stdout")
    /// errand takes the last stderr line of a failure as its reason, bad usage included.
    static let failed = ExitStatus(1, "a failure or bad usage: one line on stderr")

    static func run(_ arguments: ICalArguments) -> ExitStatus {
        if arguments.mode == .serve { return ICalServe.run() }
        // libical warns about malformed input on stderr ("Encountered END before BEGIN"); errand
        // takes the helper's last stderr line as the reason of a failure, so only ours may be there.
        let ourStderr = dup(2)
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if devNull >= 0 { dup2(devNull, 2) }
        var out = Output()
        do {
            try answer(arguments, input: { Descriptor.readAll(0) }, into: &out)
            try out.flush()
            return done
        } catch {
            if ourStderr >= 0 { dup2(ourStderr, 2) }
            Descriptor.writeAll(2, TextSafety.neutralised(error.description, asSpace: ["\n", "\t"]) + "\n")
            return failed
        }
    }

    /// stdout, written a buffer at a time: `read` sends each item as it is made. Served, the
    /// answer is kept whole (`kept`) for its frame.
    struct Output {
        private var buffer = Data()
        private var failed: Int32?
        private let keeps: Bool

        init(keeps: Bool = false) { self.keeps = keeps }

        var kept: [UInt8] { Array(buffer) }

        mutating func append(_ bytes: Data) throws(OptionFailure) {
            buffer.append(bytes)
            if !keeps, buffer.count >= 1 << 16 { try flush() }
        }

        mutating func flush() throws(OptionFailure) {
            if keeps { return }
            if failed == nil, !buffer.isEmpty { failed = Descriptor.writeAll(1, buffer) }
            buffer.removeAll(keepingCapacity: true)
            if let failed { throw OptionFailure("cannot write the answer: \(String(cString: strerror(failed)))") }
        }
    }

    /// `input`: the request's stdin, read whole when the mode takes some.
    static func answer(_ arguments: ICalArguments, input: () throws -> [UInt8], into out: inout Output) throws(OptionFailure) {
        let zone = arguments.zone, now = arguments.now
        func decode<T>(_ body: ([UInt8]) throws -> T) throws(OptionFailure) -> T {
            do {
                return try body(input())
            } catch {
                throw OptionFailure("malformed input: \(error)")
            }
        }
        func batch() throws(OptionFailure) -> CalendarWire.Batch { try decode { try CalendarWire.decode(bytes: $0, newID: UUID.init) } }
        switch arguments.mode {
        case .serve:
            throw OptionFailure("serve is a mode of its own")
        case .read:
            try read(arguments, into: &out)
        case .write:
            guard let text = VTodoWriter(zoneName: zone).calendar(try batch().items) else { throw OptionFailure("libical ran out of memory") }
            try out.append(Data(text.utf8))
        case .writeEach:
            guard let texts = VTodoWriter(zoneName: zone).calendars(try batch().items) else {
                throw OptionFailure("libical ran out of memory")
            }
            try out.append(CalendarWire.encode(texts: texts))
        case .checkOccurrences:
            try out.append(CalendarWire.encode(try checked(try batch().items, zone: zone, now: now)))
        case .occurrenceDays:
            guard let from = arguments.from, let through = arguments.through, from <= through else {
                throw OptionFailure("occurrence-days needs --from DAY and --through DAY, in that order")
            }
            let days = SeriesDays(zoneName: zone)
            let lines = try batch().items.map { days.days($0, in: from...through, withOpen: arguments.withOpen).map(\.iso).joined(separator: " ") + "\n" }
            try out.append(Data(lines.joined().utf8))
        case .checkRule:
            guard let text = arguments.file, let rule = ICalRepeat.checked(text) else {
                throw OptionFailure("libical does not read \"\(arguments.file ?? "")\" as a rule by the day "
                                    + "(FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, then BYDAY, BYMONTHDAY, COUNT, UNTIL...)")
            }
            try out.append(Data((rule.text + "\n").utf8))
        case .readEach:
            let texts = try decode { try CalendarWire.decodeTexts(bytes: $0) }
            let items: [TodoItem]
            do throws(ICalError) {
                items = try VTodoReader(zoneName: zone, now: now).readEach(texts, newID: UUID.init)
            } catch {
                throw OptionFailure(error.description)
            }
            try out.append(CalendarWire.encode(CalendarWire.Batch(items: items)))
        }
    }

    /// Each repeating item's open occurrence checked: the series as it then reads and the
    /// done item, in pairs, in order (OccurrenceCheck).
    static func checked(_ items: [TodoItem], zone: String, now: Date) throws(OptionFailure) -> CalendarWire.Batch {
        let check = OccurrenceCheck(zoneName: zone, now: now)
        var checked = CalendarWire.Batch(items: [])
        for (index, item) in items.enumerated() {
            do throws(ICalError) {
                let (series, done) = try check.check(item, at: now)
                checked.items += [series, done]
            } catch {
                throw OptionFailure("item \(index + 1): \(error.description)")
            }
        }
        return checked
    }

    /// `read FILE`: each item goes out as it is made; a refusal after some did still fails the
    /// whole answer (errand keeps none of a failed read).
    static func read(_ arguments: ICalArguments, into out: inout Output) throws(OptionFailure) {
        let zone = arguments.zone, now = arguments.now
        guard let file = arguments.file else { throw OptionFailure("read needs a FILE") }
        let text: String
        do {
            text = String(decoding: try ImportFile.read(file, expected: "an iCalendar file"), as: UTF8.self)
        } catch {
            throw OptionFailure(error.description)
        }
        var record = Data()
        var unwritten: OptionFailure?
        func send(_ write: (inout Data) -> Void) {
            guard unwritten == nil else { return }
            record.removeAll(keepingCapacity: true)
            write(&record)
            do throws(OptionFailure) { try out.append(record) } catch { unwritten = error }
        }
        do throws(ICalError) {
            try VTodoReader(zoneName: zone, now: now).each(text, newID: UUID.init,
                                                            skipped: { skipped in send { CalendarWire.encode(skipped, into: &$0) } }) { item in
                send { CalendarWire.encode(item, into: &$0) }
            }
        } catch {
            throw OptionFailure("\(file): \(error)")
        }
        if let unwritten { throw unwritten }
    }
}
