/// Alt-F where no suggestion is shown: past the separators, then past the next word, as
/// libedit's emacs word (ce__isword: letters, digits and *?_-.[]~=).
enum WordMotion {
    /// Scalars to move right over `after` (the line after the cursor); nil at the line's end.
    static func nextWordEnd(in after: String) -> Int? {
        let scalars = after.unicodeScalars
        let skipped = scalars.prefix { !isWordScalar($0) }.count
        let word = scalars.dropFirst(skipped).prefix(while: isWordScalar).count
        return skipped + word > 0 ? skipped + word : nil
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "*?_-.[]~=".unicodeScalars.contains(scalar)
    }
}
