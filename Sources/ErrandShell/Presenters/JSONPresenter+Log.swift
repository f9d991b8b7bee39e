import ErrandDomain

/// Hands its second argument each item a `log` entry lists, read from the store as the line
/// is written (ItemStore.eachJournalSubject).
public typealias JournalSubjects = (JournalEntry, (TodoItem) throws -> Void) throws -> Void

extension JSONPresenter {
    /// Pieces of a streamed line reach the sink at about this size.
    static let pieceBytes = 1 << 16

    /// `log`: the journal's entries, each with the items it changed, held whole (an entry
    /// that keeps its changes; write(_:to:) streams the ones read in brief).
    func log(_ rows: [LogRow]) -> [(String, JSONValue)] {
        [("screen", .string("log")), ("items", .array(rows.map { row in
            .object(JSONPresenter.logHead(row) + [("items", .array(row.entry.subjects.map { .object(JSONPresenter.fields($0)) }))])
        }))]
    }

    static func logHead(_ row: LogRow) -> [(String, JSONValue)] {
        [("time", .string(APIDate.format(Int64(row.entry.time.timeIntervalSince1970)))), ("command", .string(row.entry.command)),
         ("summary", .string(row.summary)), ("undone", .bool(row.entry.undone))]
    }

    /// `outcome`'s line, as line(for:) makes it, written to `sink`. `log`'s items are read
    /// through journalSubjects as they are written and reach the sink in pieces: an import of
    /// 500,000 items held every change decoded, then every item as JSON, then the line.
    /// A read that fails before any piece was written throws with nothing written (the caller
    /// writes the error's line instead); one that fails later ends the line as valid JSON
    /// with the items written so far, then throws.
    public func write(_ outcome: CommandOutcome, to sink: OutputSink) throws {
        guard let journalSubjects, case let .success(display) = outcome.result, case let .log(rows)? = display.screen else {
            sink.out(line(for: outcome))
            return
        }
        var head = display
        head.screen = nil
        var text = line(for: CommandOutcome(command: outcome.command, result: .success(head)))
        text.removeLast()  // the closing brace: the screen follows
        text += ",\"screen\":\"log\",\"items\":["
        var written = false
        var closing = "]}"
        do {
            for (index, row) in rows.enumerated() {
                if index > 0 { text += "," }
                var entry = JSONValue.object(JSONPresenter.logHead(row)).text
                entry.removeLast()
                text += entry + ",\"items\":["
                closing = "]}]}"
                var first = true
                try journalSubjects(row.entry) { item in
                    if !first { text += "," }
                    first = false
                    JSONValue.object(JSONPresenter.fields(item)).write(into: &text)
                    if text.utf8.count >= JSONPresenter.pieceBytes {
                        sink.part(text)
                        text = ""
                        written = true
                    }
                }
                text += "]}"
                closing = "]}"
            }
        } catch {
            if written { sink.out(text + closing) }
            throw error
        }
        sink.out(text + closing)
    }
}
