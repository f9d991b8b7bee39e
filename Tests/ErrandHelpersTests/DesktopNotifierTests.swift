import ErrandDomain
import Testing

/// notify-send's body is markup to the daemon: a title from a server must not become a link.
struct DesktopNotifierTests {
    @Test func theBodyGoesAsText() {
        #expect(TextSafety.markupEscaped(#"Pay <a href="http://x">bill</a> & rent"#)
                == #"Pay &lt;a href="http://x"&gt;bill&lt;/a&gt; &amp; rent"#)
        #expect(TextSafety.markupEscaped("due Thu Dec 3 at 10:00, 30 min before") == "due Thu Dec 3 at 10:00, 30 min before")
    }
}
