import Foundation

/// README's "case and accents aside", written with Foundation's full folding after Unicode's
/// compatibility mapping (so ß is ss and ﬁ is fi, as issue 47 asks), not with the stores'
/// own TextFolding: the model must not share the code it checks.
enum ModelFolding {
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The words of a text: its runs of letters and digits, folded.
    static func words(of text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
