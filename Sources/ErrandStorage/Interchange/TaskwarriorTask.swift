import FoundationEssentials

/// One task of `task export` (taskwarrior 2.6; 3.x writes the same), as written: every field
/// optional but the description and the UUID, and the names of the fields it carried.
struct TaskwarriorTask: Decodable {
    struct Annotation: Decodable {
        let entry: String?
        let description: String?
    }

    let uuid: String
    let description: String
    let status: String?
    let project: String?
    let tags: [String]?
    let priority: String?
    let entry: String?
    let modified: String?
    let end: String?
    let due: String?
    let scheduled: String?
    let wait: String?
    let recur: String?
    /// When `task N start` began it (cleared by `task N stop`).
    let start: String?
    let parent: String?
    let annotations: [Annotation]?
    /// An array in 2.6's export, a comma-separated string in earlier ones.
    let depends: [String]
    /// Every field the task carried, for what has no place here to be named.
    let keys: [String]

    private struct Key: CodingKey {
        let stringValue: String
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func text(_ name: String) throws -> String? {
            guard let key = Key(stringValue: name) else { return nil }
            return try c.decodeIfPresent(String.self, forKey: key)
        }
        guard let uuidKey = Key(stringValue: "uuid"), let descriptionKey = Key(stringValue: "description") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no keys"))
        }
        uuid = try c.decode(String.self, forKey: uuidKey)
        description = try c.decode(String.self, forKey: descriptionKey)
        status = try text("status")
        project = try text("project")
        priority = try text("priority")
        entry = try text("entry")
        modified = try text("modified")
        end = try text("end")
        due = try text("due")
        scheduled = try text("scheduled")
        wait = try text("wait")
        recur = try text("recur")
        start = try text("start")
        parent = try text("parent")
        tags = try Key(stringValue: "tags").flatMap { try c.decodeIfPresent([String].self, forKey: $0) }
        annotations = try Key(stringValue: "annotations").flatMap { try c.decodeIfPresent([Annotation].self, forKey: $0) }
        if let key = Key(stringValue: "depends"), c.contains(key) {
            if let list = try? c.decode([String].self, forKey: key) {
                depends = list
            } else {
                depends = try c.decode(String.self, forKey: key).split(separator: ",").map(String.init)
            }
        } else {
            depends = []
        }
        keys = c.allKeys.map(\.stringValue)
    }
}
