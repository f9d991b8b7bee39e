import ErrandDomain
import Testing

/// A password in a URL is masked wherever text reaches a file or a screen; nothing else in
/// the text changes.
@Suite struct SecretsTests {
    static let masked: [(String, String)] = [
        ("https://u:secret@127.0.0.1:8080/x", "https://u:***@127.0.0.1:8080/x"),
        ("sync https://u:secret@example.com", "sync https://u:***@example.com"),
        // Several URLs, each with its own password.
        ("a https://a:one@h1/ then ftp://b:two@h2/c and http://c:three@h3",
         "a https://a:***@h1/ then ftp://b:***@h2/c and http://c:***@h3"),
        // IPv6 hosts: the brackets' colons are the host's, not a password's.
        ("http://u:pw@[::1]:8080/listing.json", "http://u:***@[::1]:8080/listing.json"),
        ("http://u:pw@[fe80::1%25eth0]/", "http://u:***@[fe80::1%25eth0]/"),
        // An @ in the path after a real password: only the password goes.
        ("https://u:pw@host/a@b", "https://u:***@host/a@b"),
        // Passwords typed with what a URL cannot hold: @, :, /, percent escapes, non-ASCII.
        ("https://u:p@ss@host/", "https://u:***@host/"),
        ("https://u:pa:ss@host/", "https://u:***@host/"),
        ("https://u:pa/ss@host/", "https://u:***@host/"),
        ("https://u:pa?ss#x@host/", "https://u:***@host/"),
        ("https://u:p%40ss@host/", "https://u:***@host/"),
        ("https://ü:pässwörd@host/ café", "https://ü:***@host/ café"),
        ("https://u:pw@", "https://u:***@"),
        // Inside a quoted error message.
        ("cannot fetch \"https://u:pw@h/\": use an http URL", "cannot fetch \"https://u:***@h/\": use an http URL"),
        ("-c:1: https://u:pw@h/listing.json answered HTTP 401", "-c:1: https://u:***@h/listing.json answered HTTP 401"),
    ]

    static let untouched = [
        "", "create Buy milk", "https://example.com/a", "https://u@host/", "https://u:@host/",
        // An @ or a colon in the path or query is not a password.
        "https://host/a@b", "https://host/a:b@c", "https://host:8080/~me@x/", "https://h/?q=a:b@c",
        "http://[::1]:8080/a@b", "http://[::1]/a:b@c", "http://[::1]:8080/", "mailto:me@example.com", "user:pw@host without a scheme",
        "://", "x://", "https://u:pw",
    ]

    @Test(arguments: masked)
    func passwordsAreMasked(_ text: String, _ expected: String) {
        #expect(Secrets.redacted(text) == expected)
        // Masking twice changes nothing more.
        #expect(Secrets.redacted(expected) == expected)
    }

    @Test(arguments: untouched)
    func textWithoutAPasswordIsLeftAlone(_ text: String) {
        #expect(Secrets.redacted(text) == text)
        #expect(Secrets.withoutPasswords(text) == text)
    }

    @Test func aURLKeptForLaterLosesThePasswordAndItsColon() {
        #expect(Secrets.withoutPasswords("https://u:secret@127.0.0.1:8080/") == "https://u@127.0.0.1:8080/")
        #expect(Secrets.withoutPasswords("http://u:pw@[::1]/ and https://v:x@h/") == "http://u@[::1]/ and https://v@h/")
    }

    /// Reading `user:pass/word@` needs a guess; one that looks like `host:port/` stays readable.
    @Test func aPortBeforeAnAtInThePathIsNotAPassword() {
        #expect(Secrets.redacted("https://127.0.0.1:8080/~u@x") == "https://127.0.0.1:8080/~u@x")
        #expect(Secrets.redacted("https://u:8080x/y@h") == "https://u:***@h")
    }

    /// 100,000 would-be URLs before the real one: a scan that went back over the line for
    /// each would not end (its speed is bench/'s business, not a threshold here).
    @Test func aLongLineIsRedactedToItsEnd() {
        let line = String(repeating: "a://b:c ", count: 100_000) + "https://u:pw@h/"
        #expect(Secrets.redacted(line).hasSuffix("https://u:***@h/"))
    }
}
