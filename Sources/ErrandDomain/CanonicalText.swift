/// The one form text is stored in. "é" typed as one scalar (U+00E9) and as "e" plus a
/// combining accent (U+0301) look alike and are equal to Swift's ==, but SQLite compares bytes:
/// the two backends disagreed on whether such titles were the same item. Text that reaches a
/// store in NFC compares the same both ways.
public enum CanonicalText {
    /// The NFC form of the text, the same bytes when it is NFC already.
    public static func nfc(_ text: String) -> String {
        nfcIfChanged(text) ?? text
    }

    /// The NFC form only when it differs from the text's own bytes: for the SQLite backend,
    /// which keeps a separate key only for titles stored un-normalised by older versions.
    public static func nfcIfChanged(_ text: String) -> String? {
        // The quick check answers for ASCII at once (the string's own flags say so) and for
        // most accented text in one pass (25 ns for a short title); it says no only when a
        // combining mark might compose, and then the normalised bytes settle it. The full
        // check cost as much as normalising, and a create validates its text twice.
        var span = text.utf8Span
        if span.checkForNFC(quickCheck: true) { return nil }
        // The standard library's normaliser, the one String's == and hashing use, so what is
        // stored is what the in-memory backend compares by. Foundation's
        // precomposedStringWithCanonicalMapping bridges through NSString on Linux: 0.9 µs for a
        // short title and 45 µs for 1 KB of ASCII notes, where this is 0.8 µs for a short
        // decomposed title and nothing for ASCII.
        let units = text._nfcCodeUnits
        return text.utf8.elementsEqual(units) ? nil : String(decoding: units, as: UTF8.self)
    }
}
