import Foundation

/// A place's coordinates in the model, and the great-circle distance README's `near` sorts by.
struct ModelPoint: Equatable {
    var latitude: Double
    var longitude: Double

    /// Haversine on a sphere of the mean Earth radius (6,371 km). The generator keeps every
    /// distance far from every `within:` bound, so rounding never decides a row.
    func metres(to other: ModelPoint) -> Double {
        let rad = Double.pi / 180
        let dLat = (other.latitude - latitude) * rad, dLon = (other.longitude - longitude) * rad
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(latitude * rad) * cos(other.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * asin(min(1, sqrt(a)))
    }

    var text: String { "\(latitude),\(longitude)" }
}
