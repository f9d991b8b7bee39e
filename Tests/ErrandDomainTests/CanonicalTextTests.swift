import ErrandDomain
import Foundation
import Testing

/// The standard library's normaliser must give Foundation's NFC, or stored titles would
/// stop matching what other programs write for the same text.
@Suite struct CanonicalTextTests {
    static let samples = [
        "", "Buy milk", "Caf\u{E9}", "Cafe\u{301}", "e\u{301}t\u{E9}", "Zu\u{308}rich", "\u{1E0B}\u{323}",
        "d\u{323}\u{307}", "\u{212B}ngstr\u{F6}m", "\u{AC00}", "\u{1100}\u{1161}", "東京 ラーメン", "ﬁ ①",
        "a\u{301}\u{302}\u{303}", "\u{1F600} emoji", String(repeating: "e\u{301}", count: 3_000),
    ]

    @Test(arguments: samples)
    func matchesFoundationsPrecomposedForm(_ text: String) {
        #expect(Array(CanonicalText.nfc(text).utf8) == Array(text.precomposedStringWithCanonicalMapping.utf8))
    }

    @Test func textAlreadyInNFCIsLeftAsItIs() {
        #expect(CanonicalText.nfcIfChanged("Buy milk") == nil)
        #expect(CanonicalText.nfcIfChanged("Caf\u{E9} 東京") == nil)
        #expect(CanonicalText.nfcIfChanged("Cafe\u{301}").map { Array($0.utf8) } == Array("Caf\u{E9}".utf8))
        // Compatibility forms are not canonical ones: NFC keeps them (NFKC would not).
        #expect(CanonicalText.nfcIfChanged("ﬁ ①") == nil)
    }

    @Test func validatedItemsCarryNFCText() throws {
        let item = TodoItem(id: UUID(), title: "  Cafe\u{301} ", notes: "cre\u{300}me",
                            due: DueDay(dayNumber: 20_000), location: Location(name: "Zu\u{308}rich"), created: Date())
        let valid = try item.validated()
        #expect(Array(valid.title.utf8) == Array("Caf\u{E9}".utf8))
        #expect(valid.notes.map { Array($0.utf8) } == Array("cr\u{E8}me".utf8))
        #expect(valid.location.map { Array($0.name.utf8) } == Array("Z\u{FC}rich".utf8))
    }
}
