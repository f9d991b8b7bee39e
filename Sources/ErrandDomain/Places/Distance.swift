import Foundation

/// A distance as people type it (`5km`, `500 m`, `2.5km`, `3mi`) and as Errand shows it.
public enum Distance {
    /// Metres, or nil when the text is not a positive distance up to half the Earth round.
    public static func parse(_ text: String) -> Double? {
        let lower = text.lowercased().filter { $0 != " " }
        let units: [(String, Double)] = [("km", 1000), ("mi", 1609.344), ("m", 1)]
        for (suffix, metres) in units where lower.hasSuffix(suffix) {
            let number = lower.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
                  let value = Double(number), value.isFinite, value > 0 else { return nil }
            let total = value * metres
            return total <= GreatCircle.maxDistance ? total : nil
        }
        return nil
    }

    /// `120 m`, `1.4 km`, `5 km`, `392 km`: metres under 1 km, one decimal under 10 km
    /// (none when it is 0).
    public static func describe(_ metres: Double) -> String {
        if metres < 999.5 { return "\(Int(metres.rounded())) m" }
        let tenths = (metres / 100).rounded()
        if tenths < 100, tenths.truncatingRemainder(dividingBy: 10) != 0 { return String(format: "%.1f km", tenths / 10) }
        return "\(Int((metres / 1000).rounded())) km"
    }
}
