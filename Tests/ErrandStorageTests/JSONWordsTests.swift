@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// A words field's column: what SQLite's json_each reads, read back here without a decoder
/// per row when it is what Errand wrote, and by the full decoder when it is a hand edit.
struct JSONWordsTests {
    @Test func whatIsWrittenReadsBackWithoutTheDecoder() throws {
        let seed = TestSeed.draw(for: "JSONWordsTests")
        var rng = SeededGenerator(seed: seed)
        let alphabet: [Character] = ["a", "é", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", ",", "[", "]", "u", "0", "€", "🧾", "\u{7F}"]
        for _ in 0..<2_000 {
            let words = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                String((0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
            }
            let text = JSONWords.encode(words)
            #expect(JSONWords.decodeOwn(text) == words, "seed \(seed): \(text)")
            // The text is JSON any reader takes the same way (SQLite's json_each among them).
            #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == words, "seed \(seed): \(text)")
        }
    }

    @Test func aHandEditIsReadByTheFullDecoder() {
        #expect(JSONWords.decodeOwn(#"[ "a", "b" ]"#) == nil)
        #expect(JSONWords.decode(#"[ "a", "b" ]"#) == ["a", "b"])
        #expect(JSONWords.decodeOwn(#"["\u00e9\n"]"#) == nil)
        #expect(JSONWords.decode(#"["\u00e9\n"]"#) == ["é\n"])
        #expect(JSONWords.decode("[]") == [])
        // Foundation's decoder takes a trailing comma; what Errand writes has none.
        #expect(JSONWords.decodeOwn(#"["a",]"#) == nil)
    }

    @Test func whatIsNotAListOfWordsIsNil() {
        for text in ["", "[", "]", #"["a""#, #"[,"a"]"#, #"["a"]x"#, #"["\u+01f"]"#, #"["\q"]"#, "[1]", #"{"a":1}"#, #"["a"]["b"]"#] {
            #expect(JSONWords.decode(text) == nil, "\(text)")
        }
    }
}
