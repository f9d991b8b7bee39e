/// The one rule between an item's start and its due moment, for what a user makes here
/// (create, edit, import): a start on the due day or before it. A server's item that breaks
/// it is kept as received by sync, which names it instead (RFC 5545 3.8.2.4: DTSTART <= DUE).
extension TodoItem {
    public func checkStartNotAfterDue() throws(DomainError) {
        guard let start, let due else { return }
        let dueAt = DayTime(day: due, time: time)
        if start.day > due { throw .startAfterDue(start: start, due: dueAt) }
        if start.day == due, let startTime = start.time, let dueTime = time, startTime > dueTime {
            throw .startAfterDue(start: start, due: dueAt)
        }
    }
}
