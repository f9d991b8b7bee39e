/// The form in which a place typed by a user is looked up in the geocoding cache: "12 Rue de la
/// Paix,  Paris" and "12 rue de la paix, paris" are one place and are asked for once.
public enum PlaceKey {
    public static func of(_ text: String) -> String {
        let words = CanonicalText.nfc(text).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.joined(separator: " ")
    }

    /// Names from several sources as one list: one per place (the first spelling kept), in
    /// key order, at most `limit`.
    public static func merged(_ first: [String], _ second: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        let named = (first + second).compactMap { name -> (String, String)? in
            let key = of(name)
            return seen.insert(key).inserted ? (key, name) : nil
        }
        return named.sorted { $0.0 < $1.0 }.prefix(max(0, limit)).map(\.1)
    }
}
