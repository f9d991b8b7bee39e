import FoundationEssentials

/// A first pass over a calendar file that keeps no VTODO: where each one stands, what joins
/// VTODOs into one item (a UID shared with a RECURRENCE-ID), each calendar's VTIMEZONEs, the
/// children a parent names, and the other components by kind. VTodoReader then reads one item's
/// VTODOs at a time from their places: the tree of a 64 MB file's 500,000 VTODOs, and the items
/// made of them, were never needed at once.
struct ICalOutline {
    struct Todo {
        let range: Range<String.Index>
        let calendar: Int32
        let occurrence: Bool
        /// The UID's hash: exact UIDs are compared only for VTODOs whose hash a RECURRENCE-ID
        /// VTODO shares, the only ones that can join another.
        let uid: Int?
    }

    private(set) var todos: [Todo] = []
    /// Each calendar's VTIMEZONEs by TZID (the first of a TZID), in calendar order.
    private(set) var zones: [[String: RawComponent]] = []
    /// Each calendar's PRODID line as written, in calendar order: which client wrote a series
    /// says how it records a checked occurrence (SeriesLifecycle).
    private(set) var products: [String?] = []
    private(set) var skipped: [(kind: String, count: Int)] = []
    /// The VTODOs of an item of more than one, by its first: a series and the occurrences
    /// recorded apart from it (same UID, with RECURRENCE-ID) are one item and travel together.
    /// Two VTODOs of one UID without RECURRENCE-ID (a file joined from two exports) stay two
    /// items, matched by UID on import as any others.
    private(set) var groups: [Int: [Int]] = [:]
    private(set) var joined: Set<Int> = []
    /// A child's parent, by the child's UID, as the parents name them (`adopt`).
    private(set) var parentOf: [String: String] = [:]
    /// The ids of the items that have no UID and name children: the UID made up for each is its id.
    private(set) var madeUp: [Int: UUID] = [:]

    init(_ text: Substring, newID: () -> UUID) {
        var claims: [(todo: Int, children: [String], uid: String?)] = []
        var calendarZones: [String: RawComponent] = [:]
        // The VCALENDAR's own lines (a handful) are kept for its PRODID; a VTODO's lines are
        // kept only while it is walked (the VCALENDAR keeps no sub-component).
        RawComponent.walk(text, keepsLines: { _ in true }) { done, open in
            guard let calendar = open.first else {
                if done.name == "VCALENDAR" {
                    zones.append(calendarZones)
                    products.append(done.first("PRODID")?.text)
                }
                calendarZones = [:]
                return false
            }
            guard open.count == 1, calendar.name == "VCALENDAR" else { return true }
            switch done.name {
            case "VTODO":
                let uid = done.value("UID")
                let named = ParentLines.children(done)
                if !named.isEmpty { claims.append((todos.count, named, uid)) }
                todos.append(Todo(range: done.range, calendar: Int32(zones.count), occurrence: done.has("RECURRENCE-ID"),
                                  uid: uid?.hashValue))
            case "VTIMEZONE":
                if let id = done.value("TZID"), calendarZones[id] == nil { calendarZones[id] = done }
            default:
                let name = VTodoReader.kindName(done.name)
                if let i = skipped.firstIndex(where: { $0.kind == name }) { skipped[i].count += 1 } else { skipped.append((name, 1)) }
            }
            return false
        }
        group(text)
        adopt(claims, newID: newID)
    }

    var calendars: Int { zones.count }

    /// The component at `index`, read again from its place.
    func todo(_ index: Int, in text: Substring) -> RawComponent? {
        todos.indices.contains(index) ? RawComponent.parse(text[todos[index].range]).first : nil
    }

    /// The items of more than one VTODO, each calendar on its own.
    private mutating func group(_ text: Substring) {
        let shared = Set(todos.lazy.filter(\.occurrence).compactMap(\.uid))
        guard !shared.isEmpty else { return }
        var byUID: [Int32: [String: Int]] = [:]
        var members: [Int: [Int]] = [:]
        for (index, todo) in todos.enumerated() {
            guard let hash = todo.uid, shared.contains(hash), let uid = self.todo(index, in: text)?.value("UID") else { continue }
            // An occurrence joins the latest series of its UID; a series
            // joins occurrences that came before it, until it has a series of its own.
            if let first = byUID[todo.calendar]?[uid],
               todo.occurrence || (members[first] ?? [first]).allSatisfy({ todos[$0].occurrence }) {
                members[first, default: [first]].append(index)
                joined.insert(index)
            } else {
                byUID[todo.calendar, default: [:]][uid] = index
            }
        }
        groups = members
    }

    /// The first VTODO of its item without RECURRENCE-ID, else the first: the one whose children count.
    func master(of first: Int) -> Int {
        let members = groups[first] ?? [first]
        return members.first { !todos[$0].occurrence } ?? first
    }

    /// Each item named as a child by another item of the same file, and without a parent of
    /// its own, gets that one (Errand keeps the relation on the child, as tasks.org writes it):
    /// the map from the claims of each item's master, the first claim in the items' order winning.
    private mutating func adopt(_ claims: [(todo: Int, children: [String], uid: String?)], newID: () -> UUID) {
        var firstOf: [Int: Int] = [:]
        for (first, members) in groups {
            for member in members { firstOf[member] = first }
        }
        let kept = claims.compactMap { claim -> (first: Int, children: [String], uid: String?)? in
            let first = firstOf[claim.todo] ?? claim.todo
            return master(of: first) == claim.todo ? (first, claim.children, claim.uid) : nil
        }
        for claim in kept.sorted(by: { $0.first < $1.first }) {
            let parent: String
            if let uid = claim.uid {
                parent = uid
            } else {
                let id = newID()
                madeUp[claim.first] = id
                parent = id.uuidString
            }
            for child in claim.children where child != parent && parentOf[child] == nil { parentOf[child] = parent }
        }
    }
}
