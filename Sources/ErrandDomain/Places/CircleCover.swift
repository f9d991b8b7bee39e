import Foundation

/// Rectangles in integer microdegrees that tile the box around a circle: in each of a few
/// latitude bands, an inner rectangle every point of which is inside the circle, and the two
/// edge rectangles beside it, whose points must each be measured. Counting the points of a
/// circle from an index then costs a count per inner rectangle (done by the index, without
/// reading the points out) plus a measure per edge point: a tenth of the points, not all.
public struct CircleCover: Equatable, Sendable {
    /// Inclusive bounds, in microdegrees.
    public struct Rect: Equatable, Sendable {
        public let minLat: Int64, maxLat: Int64, minLon: Int64, maxLon: Int64

        init(minLat: Int64, maxLat: Int64, minLon: Int64, maxLon: Int64) {
            self.minLat = minLat
            self.maxLat = maxLat
            self.minLon = minLon
            self.maxLon = maxLon
        }

        /// The box, rounded outwards to whole microdegrees.
        public init(_ box: BoundingBox) {
            minLat = Int64((box.minLatitude * 1e6).rounded(.down))
            maxLat = Int64((box.maxLatitude * 1e6).rounded(.up))
            minLon = Int64((box.minLongitude * 1e6).rounded(.down))
            maxLon = Int64((box.maxLongitude * 1e6).rounded(.up))
        }
    }

    public let inner: [Rect]
    public let edges: [Rect]

    /// nil when the circle is too large (over 1,000 km, where the rule that keeps the inner
    /// rectangles inside no longer holds) or its box spans every longitude (a pole, the 180th
    /// meridian): measure every point of the box instead.
    public init?(around centre: Coordinate, radius: Double, bands: Int = 32) {
        let box = BoundingBox(around: centre, radius: radius)
        guard radius > 0, radius <= 1_000_000, box.minLongitude > -180 || box.maxLongitude < 180,
              box.minLatitude > -89, box.maxLatitude < 89, bands > 0 else { return nil }
        let outer = Rect(box)
        let (lat0, lat1, lon0, lon1) = (outer.minLat, outer.maxLat, outer.minLon, outer.maxLon)
        let step = max(1, (lat1 - lat0 + 1 + Int64(bands) - 1) / Int64(bands))
        var inner: [Rect] = [], edges: [Rect] = []
        var low = lat0
        while low <= lat1 {
            let high = min(lat1, low + step - 1)
            // The width inside the circle shrinks towards the band's far edge; its narrower
            // end bounds the rectangle (the distance is convex in latitude at these sizes).
            let half = min(CircleCover.halfWidth(centre, radius, latitude: Double(low) / 1e6),
                           CircleCover.halfWidth(centre, radius, latitude: Double(high) / 1e6))
            let from = Int64(((centre.longitude - half) * 1e6).rounded(.up)) + 1
            let to = Int64(((centre.longitude + half) * 1e6).rounded(.down)) - 1
            if half > 0, from <= to, from > lon0, to < lon1 {
                inner.append(Rect(minLat: low, maxLat: high, minLon: from, maxLon: to))
                edges.append(Rect(minLat: low, maxLat: high, minLon: lon0, maxLon: from - 1))
                edges.append(Rect(minLat: low, maxLat: high, minLon: to + 1, maxLon: lon1))
            } else {
                edges.append(Rect(minLat: low, maxLat: high, minLon: lon0, maxLon: lon1))
            }
            low = high + 1
        }
        self.inner = inner
        self.edges = edges
    }

    /// Degrees of longitude either side of the centre's meridian that stay within `radius`
    /// at `latitude` (0 when the circle does not reach it).
    static func halfWidth(_ centre: Coordinate, _ radius: Double, latitude: Double) -> Double {
        let toRadians = Double.pi / 180
        let hav = { (x: Double) in sin(x / 2) * sin(x / 2) }
        let spare = hav(radius / GreatCircle.earthRadius) - hav((latitude - centre.latitude) * toRadians)
        let scale = cos(centre.latitude * toRadians) * cos(latitude * toRadians)
        guard spare > 0, scale > 0 else { return 0 }
        return 2 * asin(min(1, sqrt(spare / scale))) / toRadians
    }
}
