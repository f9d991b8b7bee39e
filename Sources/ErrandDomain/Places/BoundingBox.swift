import Foundation

/// A latitude/longitude rectangle that holds every point within a distance of a centre: what
/// an index of boxes (SQLite's R*Tree) can answer, before the exact distance sorts it out.
/// It may hold more than the circle, never less.
public struct BoundingBox: Equatable, Sendable {
    public let minLatitude: Double
    public let maxLatitude: Double
    public let minLongitude: Double
    public let maxLongitude: Double

    public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    /// The box around `centre` holding every point within `radius` metres. Near a pole, or
    /// when the box would cross the 180th meridian, it spans every longitude: still correct,
    /// only less selective, and rare for a to-do list.
    public init(around centre: Coordinate, radius: Double) {
        let angular = max(0, radius) / GreatCircle.earthRadius
        let dLat = angular * 180 / Double.pi
        let lowLat = centre.latitude - dLat
        let highLat = centre.latitude + dLat
        minLatitude = max(-90, lowLat)
        maxLatitude = min(90, highLat)
        // The widest a circle gets in longitude, at the latitude where it touches its meridians.
        let ratio = sin(angular) / cos(centre.latitude * Double.pi / 180)
        guard lowLat > -90, highLat < 90, angular < Double.pi / 2, ratio < 1 else {
            minLongitude = -180
            maxLongitude = 180
            return
        }
        let dLon = asin(ratio) * 180 / Double.pi
        if centre.longitude - dLon < -180 || centre.longitude + dLon > 180 {
            minLongitude = -180
            maxLongitude = 180
        } else {
            minLongitude = centre.longitude - dLon
            maxLongitude = centre.longitude + dLon
        }
    }

    public func contains(_ point: Coordinate) -> Bool {
        (minLatitude...maxLatitude).contains(point.latitude) && (minLongitude...maxLongitude).contains(point.longitude)
    }
}
