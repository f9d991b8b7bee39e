import ErrandDomain

/// Where `near` measures from: the point, how the user named it, and the range if one was given.
public struct NearbyCentre: Equatable, Sendable {
    public var point: Coordinate
    public var label: String
    /// Metres; nil: every open item with coordinates.
    public var radius: Double?

    public init(point: Coordinate, label: String, radius: Double?) {
        self.point = point
        self.label = label
        self.radius = radius
    }

    /// `near "Gare de Lyon" (48.84, 2.37), within 5 km`.
    public var heading: String {
        let where_ = "\(MapLink.degrees(point.latitude)), \(MapLink.degrees(point.longitude))"
        let named = label == where_ ? where_ : "\"\(label)\" (\(where_))"
        return "Open items near \(named)" + (radius.map { ", within \(Distance.describe($0))" } ?? "")
    }
}
