import ErrandCalendarWire
import ErrandDomain
import ErrandFiles
import FoundationEssentials

/// Reads and writes iCalendar by running `errand-ical` (beside the errand executable, or
/// `ERRAND_ICAL`), which alone links libical: linking it here cost every errand start 1.3 ms
/// (ICU, libdb). Items cross as CalendarWire; a failure comes back as the helper's one line.
public struct CalendarHelper: Sendable {
    public var helperPath: String
    /// The user's zone: a DUE with a time is read and written in it.
    public var zoneName: String
    /// The session's running helper, asked instead of starting one per request; nil: each
    /// request its own process (a one-off command, a test of the helper itself).
    public var server: ICalServer?

    public init(zoneName: String, helperPath: String? = nil, server: ICalServer? = nil) {
        self.zoneName = zoneName
        self.helperPath = helperPath ?? CalendarHelper.defaultPath()
        self.server = server
    }

    /// errand-ical beside this executable (errand's configuration reads ERRAND_ICAL; this
    /// reads it too, for a helper built without that configuration).
    public static func defaultPath() -> String {
        HelperPath.find("errand-ical", unless: "ERRAND_ICAL")
    }

    /// The VTODOs of the .ics file at `path` (checked and bounded by the helper), with new ids.
    public func read(path: String, now: Date, newID: () -> UUID) throws -> CalendarWire.Batch {
        let output = try run(["read", "--zone", zoneName, "--now", String(Int64(now.timeIntervalSince1970)), path],
                             input: nil, naming: path)
        do {
            return try CalendarWire.decode(bytes: output, newID: newID)
        } catch {
            throw FileFailure(path: path, reason: "the iCalendar helper answered garbage (\(error))")
        }
    }

    /// `read`, an item at a time as the helper writes them: `body` has each in the file's
    /// order, and the skipped kinds are returned at the end. A failure of the helper or of
    /// `body` throws after `body` had some items (the helper is stopped): run it in one
    /// transaction, so that a refused file imports nothing.
    public func readEach(path: String, now: Date, newID: () -> UUID,
                         _ body: (TodoItem) throws -> Void) throws -> [CalendarWire.Skipped] {
        var stream = CalendarWireStream()
        var garbage: Error?
        var refusal: Error?
        func give(_ item: TodoItem) throws {
            do { try body(item) } catch { refusal = error; throw error }
        }
        // Returns only when the helper ended well or was stopped here; its own failure throws.
        try run(["read", "--zone", zoneName, "--now", String(Int64(now.timeIntervalSince1970)), path], input: nil,
                naming: path) { piece in
            do {
                try stream.feed(piece, newID: newID, give)
                return true
            } catch {
                if refusal == nil { garbage = error }
                return false
            }
        }
        if refusal == nil, garbage == nil {
            do { try stream.finish(newID: newID, give) } catch { if refusal == nil { garbage = error } }
        }
        if let refusal { throw refusal }
        if let garbage { throw FileFailure(path: path, reason: "the iCalendar helper answered garbage (\(garbage))") }
        return stream.skipped
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
            throw FileFailure(path: what, reason: "the iCalendar helper answered garbage (\(error))")
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
            throw FileFailure(path: what, reason: "the iCalendar helper answered garbage (\(error))")
        }
    }

    /// An RRULE as libical reads it (written back in its own order), or a one-line refusal.
    public func checkRule(_ text: String) throws -> RecurrenceRule {
        let what = "the rule"
        let output = try run(["check-rule", text], input: nil, naming: what)
        guard let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first, let rule = RecurrenceRule(String(line)) else {
            throw FileFailure(path: what, reason: "the iCalendar helper answered garbage")
        }
        return rule
    }

    /// For each item, the due days of its occurrences after its open one in `window`, by
    /// libical's engine (rules Repeat.days does not step), in the items' order; `withOpen`: the
    /// open day too when the rule falls on it.
    public func occurrenceDays(_ items: [TodoItem], in window: ClosedRange<DueDay>, withOpen: Bool = false) throws -> [[DueDay]] {
        let what = "the repeating items"
        let output = try run(["occurrence-days", "--zone", zoneName, "--from", window.lowerBound.iso, "--through", window.upperBound.iso]
                             + (withOpen ? ["--with-open"] : []),
                             input: CalendarWire.encode(CalendarWire.Batch(items: items)), naming: what)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let days = lines.map { $0.split(separator: " ").compactMap { DueDay(iso: $0) } }
        guard days.count == items.count else { throw FileFailure(path: what, reason: "the iCalendar helper lost items") }
        return days
    }

    /// Each repeating item's open occurrence checked as Thunderbird and eM Client record it
    /// (a RECURRENCE-ID VTODO in the series's text): the series as it then reads, due on its
    /// next open occurrence, and the done item standing for the occurrence (Occurrence), in order.
    public func checkOccurrences(_ items: [TodoItem], now: Date, newID: () -> UUID) throws -> [(series: TodoItem, done: TodoItem)] {
        let what = "the repeating items"
        let output = try run(["check-occurrences", "--zone", zoneName, "--now", String(Int64(now.timeIntervalSince1970))],
                             input: CalendarWire.encode(CalendarWire.Batch(items: items)), naming: what)
        let read: [TodoItem]
        do {
            read = try CalendarWire.decode(bytes: output, newID: newID).items
        } catch {
            throw FileFailure(path: what, reason: "the iCalendar helper answered garbage (\(error))")
        }
        guard read.count == 2 * items.count else { throw FileFailure(path: what, reason: "the iCalendar helper lost items") }
        return stride(from: 0, to: read.count, by: 2).map { (read[$0], read[$0 + 1]) }
    }

    /// Runs the helper with `input` on its stdin and gives back its stdout; its stderr is read
    /// beside them, so neither pipe filling up can stall the other.
    func run(_ arguments: [String], input: Data?, naming path: String) throws -> [UInt8] {
        if let server, arguments.first != "read" {
            return try served(server, arguments, input: input, naming: path)
        }
        var output: [UInt8] = []
        try run(arguments, input: input, naming: path) { piece in
            output += piece
            return true
        }
        return output
    }

    /// `run`, its stdout handed to `output` piece by piece: false stops the helper, and then
    /// the reason is the caller's to give (nothing is thrown).
    func run(_ arguments: [String], input: Data?, naming path: String, output: (UnsafeRawBufferPointer) -> Bool) throws {
        func failed(_ reason: String) -> FileFailure { FileFailure(path: path, reason: reason) }
        let helper: HelperProcess
        do {
            helper = try HelperProcess(helperPath, arguments, input: .bytes(input.map(Array.init) ?? []))
        } catch {
            throw failed(error.description(role: "the iCalendar helper", path: helperPath))
        }
        let stop = helper.collect(errorLimit: 64 << 10, output: output)
        let exit = helper.wait()
        if stop == .refused || exit.succeeded { return }
        let reason = exit.signal != nil ? "the iCalendar helper \(exit)" : CalendarHelper.reason(helper.errors, status: exit.status ?? 0)
        throw failed(CalendarHelper.withoutPath(TextSafety.neutralised(reason), path))
    }

    /// `run` through the session's helper: the same answer, the same one-line failure.
    func served(_ server: ICalServer, _ arguments: [String], input: Data?, naming path: String) throws -> [UInt8] {
        func failed(_ reason: String) -> FileFailure { FileFailure(path: path, reason: reason) }
        let answer: ServeFrame.Answer?
        do {
            answer = try server.ask(helperPath, arguments, input: input.map(Array.init) ?? [])
        } catch {
            throw failed(error.description(role: "the iCalendar helper", path: helperPath))
        }
        guard let answer else { throw failed("the iCalendar helper stopped answering") }
        if answer.status == 0 { return answer.output }
        throw failed(CalendarHelper.withoutPath(TextSafety.neutralised(CalendarHelper.reason(answer.errors, status: answer.status)), path))
    }

    /// A failure's reason: the helper's last stderr line, or its exit status when it said nothing.
    static func reason(_ errors: [UInt8], status: Int32) -> String {
        let line = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return line.isEmpty ? "the iCalendar helper failed (exit status \(status))" : line
    }

    /// The helper names the file as errand does; said once is enough.
    static func withoutPath(_ line: String, _ path: String) -> String {
        line.hasPrefix(path + ": ") ? String(line.dropFirst(path.count + 2)) : line
    }
}
