import ErrandDomain

/// A finished occurrence of another client's repeating item (a RECURRENCE-ID VTODO) is a
/// record inside its series's resource, never written on its own: changing it here alone
/// (reopening, editing, moving, deleting it, hanging a subtask under it) would be lost at the
/// next write of the series, or send a UID no client has. Refused in one line instead.
enum OccurrenceRows {
    static func refuse(_ items: [TodoItem], _ command: String, _ labeler: DayLabeler) throws(ShellError) {
        guard let occurrence = items.first(where: \.isOccurrence) else { return }
        throw .usage("\(command): \"\(occurrence.title)\" on \(labeler.label(occurrence.due)) is a finished occurrence of a "
            + "repeating item, kept with its series: undo the check, or change it in the app that finished it")
    }
}
