import Foundation

/// The openstreetmap.org page of a point, with a pin on it (`mlat`, `mlon`) and the view at
/// street level: zoom 16 shows the streets around a building, enough to find the door.
public enum MapLink {
    public static let zoom = 16

    public static func url(_ c: Coordinate) -> String {
        let lat = degrees(c.latitude)
        let lon = degrees(c.longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=\(zoom)/\(lat)/\(lon)"
    }

    /// Five decimals (about a metre), trailing zeros dropped, never an exponent.
    public static func degrees(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
