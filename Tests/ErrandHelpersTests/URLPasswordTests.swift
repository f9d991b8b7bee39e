import ErrandHelpers
import ErrandNetwork
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A password in a catalogue URL reaches the server as a Basic Authorization header; the
/// download helper gets it on stdin, never among its arguments, which `ps` shows every local
/// user. Serialized for the reason CatalogueSyncTests gives.
@Suite(.serialized, .tags(.server, .process), .fullLane) final class URLPasswordTests {
    let limits = FetchLimits(maxBytes: 1 << 20, idleTimeout: 1, totalTimeout: 3)
    let dir = NSTemporaryDirectory() + "errand-password-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    @Test func aURLComesApartIntoItselfWithoutThePasswordAndThePassword() throws {
        let url = try #require(URL(string: "https://u:p%40ss@[::1]:8443/x/listing.json?a=b"))
        let parts = try #require(URLPassword.split(url))
        #expect(parts.url.absoluteString == "https://u@[::1]:8443/x/listing.json?a=b")
        #expect(parts.password == "p%40ss")
        for plain in ["https://h/listing.json", "https://u@h/", "https://u:@h/"] {
            let same = try #require(URL(string: plain))
            #expect(URLPassword.split(same)?.password == nil, "\(plain)")
        }
        let (request, header) = URLPassword.authorization(for: url)
        #expect(request.absoluteString == "https://[::1]:8443/x/listing.json?a=b")
        #expect(header == "Basic " + Data("u:p@ss".utf8).base64EncodedString())
        // A user alone is no credential: no header, and no user in the URL either.
        let userOnly = try #require(URL(string: "https://u@h/listing.json"))
        #expect(URLPassword.authorization(for: userOnly).url.absoluteString == "https://h/listing.json")
        #expect(URLPassword.authorization(for: userOnly).header == nil)
        // errand-fetch: the user in the URL, the password from stdin.
        #expect(URLPassword.authorization(for: userOnly, password: "p%40ss").header == header)
    }

    @Test func theHelperGetsThePasswordOnStdinAndNotInItsArguments() throws {
        // A stand-in helper that writes down what it was given.
        let fake = dir + "/fake-fetch"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(dir)/argv'\ncat > '\(dir)/stdin'\nprintf '[]'\n"
            .write(toFile: fake, atomically: false, encoding: .utf8)
        chmod(fake, 0o700)
        let url = try #require(URL(string: "http://u:p%40ss-secret@127.0.0.1:9/listing.json"))
        #expect(try HelperDownloader(helperPath: fake).download(url, limits: limits) == Data("[]".utf8))
        let argv = try String(contentsOfFile: dir + "/argv", encoding: .utf8)
        #expect(!argv.contains("secret"), "\(argv)")
        #expect(argv.hasSuffix("--password-on-stdin\nhttp://u@127.0.0.1:9/listing.json\n"), "\(argv)")
        #expect(try String(contentsOfFile: dir + "/stdin", encoding: .utf8) == "p%40ss-secret")
        // Without a password the helper's stdin stays /dev/null and no flag is passed.
        _ = try HelperDownloader(helperPath: fake).download(try #require(URL(string: "http://127.0.0.1:9/l.json")), limits: limits)
        #expect(try String(contentsOfFile: dir + "/argv", encoding: .utf8).hasSuffix("--total\n3.0\nhttp://127.0.0.1:9/l.json\n"))
        #expect(try String(contentsOfFile: dir + "/stdin", encoding: .utf8) == "")
    }

    /// libcurl sends the header we set: checked end to end, through the real
    /// helper and in-process.
    @Test func theServerGetsTheCredentialsAsABasicHeader() throws {
        let expected = "Basic " + Data("u:p@ss-secret".utf8).base64EncodedString()
        let server = try LoopbackServer(routes: ["/ok.json": .body(Data("[]".utf8))], requiredAuthorization: expected)
        defer { server.stop() }
        let url = try #require(URL(string: "http://u:p%40ss-secret@127.0.0.1:\(server.port)/ok.json"))
        #expect(try HelperDownloader().download(url, limits: limits) == Data("[]".utf8))
        #expect(try CurlDownloader().download(url, limits: limits) == Data("[]".utf8))
        // A wrong password is refused by the server, and the error line does not show it.
        let wrong = try #require(URL(string: "http://u:wrong-secret@127.0.0.1:\(server.port)/ok.json"))
        var failure: CatalogueError?
        do { _ = try HelperDownloader().download(wrong, limits: limits) } catch { failure = error }
        #expect(failure == .status(url: "http://u@127.0.0.1:\(server.port)/ok.json", code: 401))
        #expect(failure.map { !$0.description.contains("secret") } == true)
        #expect(server.authorizations == [expected, expected, "Basic " + Data("u:wrong-secret".utf8).base64EncodedString()])
    }
}
