@testable import ErrandShell
import ErrandTestSupport
import Testing

/// The ASCII fast path of the tokenizer must agree with the general one on every line.
@Suite struct TokenizerFastPathTests {
    @Test func asciiScanEqualsCharacterScan() {
        let seed = TestSeed.draw(for: "asciiScanEqualsCharacterScan")
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("ab \t\"'\\-=#1")
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 24)
            let line = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let fast = Tokenizer.scanASCII(line)
            let general = Tokenizer.scanCharacters(line)
            #expect(fast.tokens == general.tokens && fast.openQuote == general.openQuote
                    && fast.danglingEscape == general.danglingEscape, "\(line.debugDescription) (seed \(seed))")
        }
    }
}
