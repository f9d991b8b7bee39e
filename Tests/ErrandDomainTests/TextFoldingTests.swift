import ErrandDomain
import Foundation
import Testing

/// errand folds text without Foundation (which would link ICU); the test processes still link
/// Foundation, so its folding is the reference here.
@Suite struct TextFoldingTests {
    static func foundation(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test func sameAsFoundationForEveryScalarButNewerUnicode() {
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            if Array(TextFolding.fold(text).unicodeScalars) != Array(TextFoldingTests.foundation(text).unicodeScalars) {
                differing.append(value)
            }
        }
        // Foundation's case tables predate these: the Cyrillic rounded letters (U+1C80...1C88,
        // folded by Unicode to в, д, о...) and letters of Unicode 16; 64 in all.
        #expect(differing.count <= 64)
        #expect(differing.allSatisfy { (0x1C80...0x1C89).contains($0) || $0 >= 0xA7CB }, "\(differing.map { String($0, radix: 16) })")
    }

    @Test func sameAsFoundationOnWordsAndMarks() {
        let samples = ["École Straße ǅ ΣΑΣ ﬁ İstanbul Ωmega", "ἀΐ Ärger ÅNGSTRÖM", "e\u{301}te\u{301}", "\u{301}alone",
                       "क़िला नमस्ते", "مرحبا آ", "한국어 が", "Ꭰ Cherokee", "plain ascii 123", ""]
        for text in samples {
            #expect(TextFolding.fold(text) == TextFoldingTests.foundation(text), "\(text)")
        }
    }

    @Test func foldsAccentsAndCase() {
        #expect(TextFolding.fold("École") == "ecole")
        #expect(TextFolding.fold("Straße") == "strasse")
        #expect(TextFolding.fold("MULTIMÉDIA") == "multimedia")
        #expect(TextFolding.fold("ascii Text") == "ascii text")
    }
}
