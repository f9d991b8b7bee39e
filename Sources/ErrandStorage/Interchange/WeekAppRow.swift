import FoundationEssentials

/// One entry of the SwiftUI app's `todos.plist`: its three fields, no more.
struct WeekAppRow: Encodable {
    let todo: String
    let date: Date
    let id: String
}
