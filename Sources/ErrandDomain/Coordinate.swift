/// A validated latitude/longitude pair in degrees.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) throws(DomainError) {
        guard latitude.isFinite, longitude.isFinite,
              (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            throw .invalidCoordinates("\(latitude),\(longitude)")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `LAT,LON` as typed on a command line (`48.85,2.35`).
    public init(text: String) throws(DomainError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
            throw .invalidCoordinates(text)
        }
        do {
            try self.init(latitude: lat, longitude: lon)
        } catch {
            throw .invalidCoordinates(text)
        }
    }

    public var description: String { "\(latitude), \(longitude)" }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
