import Foundation

extension GreatCircle {
    /// A point's distance from one centre, measured many times over: the centre's cosine is
    /// worked out once, and callers compare the haversine term without the arcsine.
    public struct Meter: Sendable {
        @usableFromInline let latitude: Double
        @usableFromInline let longitude: Double
        @usableFromInline let cosLatitude: Double

        public init(from centre: Coordinate) {
            latitude = centre.latitude * Double.pi / 180
            longitude = centre.longitude * Double.pi / 180
            cosLatitude = cos(latitude)
        }

        /// The haversine term for a point in degrees (grows with the distance).
        @inlinable public func term(latitude lat: Double, longitude lon: Double) -> Double {
            let phi = lat * Double.pi / 180
            let a = sin((phi - latitude) / 2)
            let b = sin((lon * Double.pi / 180 - longitude) / 2)
            return a * a + cosLatitude * cos(phi) * b * b
        }

        /// The term at `metres`: a point is within them when its term is at most this.
        public static func term(forMetres metres: Double) -> Double {
            let half = min(metres, GreatCircle.maxDistance) / GreatCircle.earthRadius / 2
            return sin(half) * sin(half)
        }

        public static func metres(forTerm term: Double) -> Double {
            2 * GreatCircle.earthRadius * asin(min(1, sqrt(max(0, term))))
        }
    }
}
