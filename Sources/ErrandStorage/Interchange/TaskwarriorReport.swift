/// What a taskwarrior export held that did not become an item or a field here (Taskwarrior),
/// counted, for import's line.
public struct TaskwarriorReport: Equatable, Sendable {
    public internal(set) var deleted = 0
    /// A recurring task's instances: its template is the item, and repeats.
    public internal(set) var instances = 0
    /// Fields with no place here, by name, with how many tasks had each.
    public internal(set) var leftOut: [String: Int] = [:]
    /// Tasks whose `depends` is no tree (a task several others wait for): written into notes.
    public internal(set) var dependsInNotes = 0

    public init() {}

    mutating func leave(_ field: String) { leftOut[field, default: 0] += 1 }

    /// `; skipped 2 deleted tasks, ...`, or nothing.
    public var summary: String {
        var parts: [String] = []
        if deleted > 0 { parts.append("skipped \(deleted) deleted") }
        if instances > 0 { parts.append("skipped \(instances) instances of recurring tasks (their template repeats)") }
        if dependsInNotes > 0 { parts.append("\(dependsInNotes) with depends that are no tree kept in notes") }
        if !leftOut.isEmpty {
            parts.append("no field here for " + leftOut.keys.sorted().map { "\($0) (\(leftOut[$0] ?? 0))" }.joined(separator: ", "))
        }
        return parts.map { "; " + $0 }.joined()
    }
}
