import ErrandDomain
import FoundationEssentials

/// The JSON export: every field of every item, absent fields left out (encoded with sorted
/// keys, so the file reads the same for the same items).
struct ExportDocument: Encodable {
    let format = "errand-export"
    let version = 1
    let items: [Row]

    struct Row: Encodable {
        let id: String
        let uid: String
        let title: String
        let date: String?
        let done: Bool
        let created: Int
        let modified: Int
        let `repeat`: String?
        let notes: String?
        let time: String?
        let location: Place?

        init(_ item: TodoItem) {
            id = item.id.uuidString
            uid = item.uid
            title = item.title
            date = item.due?.iso
            done = item.isDone
            created = Int(item.created.timeIntervalSince1970)
            modified = Int(item.modified.timeIntervalSince1970)
            `repeat` = item.repeats?.description
            notes = item.notes
            time = item.time?.description
            location = item.location.map(Place.init)
        }
    }

    struct Place: Encodable {
        let name: String
        let latitude: Double?
        let longitude: Double?

        init(_ location: Location) {
            name = location.name
            latitude = location.coordinate?.latitude
            longitude = location.coordinate?.longitude
        }
    }
}
