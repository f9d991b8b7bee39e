import Foundation

/// Distances on the Earth taken as a sphere of the mean radius: the haversine formula, which
/// stays accurate for short distances (the cosine rule loses them in rounding). Off from the
/// ellipsoid by at most about 0.5 %, far below what a to-do list cares about.
public enum GreatCircle {
    /// The IUGG mean radius, in metres.
    public static let earthRadius = 6_371_008.8

    /// Metres along the surface from `a` to `b`.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let toRadians = Double.pi / 180
        let phi1 = a.latitude * toRadians
        let phi2 = b.latitude * toRadians
        let dPhi = (b.latitude - a.latitude) * toRadians
        let dLambda = (b.longitude - a.longitude) * toRadians
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        // min: rounding can push h a hair past 1 for antipodes, and asin(>1) is NaN.
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Half the circumference: no two points are farther apart.
    public static var maxDistance: Double { Double.pi * earthRadius }
}
