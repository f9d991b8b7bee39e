/// The form in which a place typed by a user is looked up in the geocoding cache: "12 Rue de la
/// Paix,  Paris" and "12 rue de la paix, paris" are one place and are asked for once.
public enum PlaceKey {
    public static func of(_ text: String) -> String {
        let words = CanonicalText.nfc(text).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.joined(separator: " ")
    }
}
