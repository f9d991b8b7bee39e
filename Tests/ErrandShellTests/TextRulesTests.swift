import ErrandShell
import Testing

/// The control-character rule of TextSafety, as the JSON writer and the width count apply it:
/// the scalars on each side of every boundary.
@Suite struct TextRulesTests {
    @Test func jsonEscapesControlsAndLineSeparatorsOnly() {
        let text = "\u{0}\u{1F} ~\u{7F}\u{80}\u{9F}\u{A0}\u{2027}\u{2028}\u{2029}\u{202A}\"\\\n\r\t"
        #expect(JSONValue.string(text).text
                == "\"\\u0000\\u001f ~\\u007f\\u0080\\u009f\u{A0}\u{2027}\\u2028\\u2029\u{202A}\\\"\\\\\\n\\r\\t\"")
    }

    @Test func controlsTakeNoColumns() {
        #expect(DisplayWidth.of("\u{0}\u{1B}\u{7F}\u{85}\u{9F}") == 0)
        #expect(DisplayWidth.of(" ~\u{A0}") == 3)
    }
}
