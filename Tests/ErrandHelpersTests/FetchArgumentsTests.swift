import ErrandHelpers
import ErrandNetwork
import ErrandOptions
import Testing

/// errand-fetch's arguments, read through the same declarations as errand's own options.
@Suite struct FetchArgumentsTests {
    @Test func whatErrandPassesIsRead() throws {
        let parsed = try FetchArguments.parse(["--max-bytes", "100", "--idle", "2.5", "--total=9", "--progress-fd", "3",
                                               "--accept", "image", "--password-on-stdin", "--user-agent", "errand/1",
                                               "https://x/l.json"])
        #expect(parsed.limits == {
            var limits = FetchLimits(maxBytes: 100, idleTimeout: 2.5, totalTimeout: 9)
            limits.kind = .image
            return limits
        }())
        #expect(parsed.progressFD == 3 && parsed.passwordOnStdin && parsed.userAgent == "errand/1")
        #expect(parsed.target == "https://x/l.json" && !parsed.davMode)
        #expect(try FetchArguments.parse(["--dav", "--parallel", "4"]).parallel == 4)
    }

    @Test func badUsageIsOneLineNamingTheOption() {
        for (arguments, reason) in [
            (["--max-bytes", "0", "u"], "--max-bytes needs a positive number"),
            (["--idle"], "--idle needs a value"),
            (["--user-agent", "a\u{7}b", "u"], "--user-agent needs a short printable text"),
            (["--parallel", "33", "--dav"], "--parallel needs 1 to 32"),
            (["--dav", "https://x/"], "--dav takes no URL: requests come on stdin"),
            (["u", "v"], "unexpected v"),
            (["--frobnicate"], "unknown option --frobnicate"),
            (["--dav=yes"], "--dav takes no value"),
        ] {
            #expect(throws: OptionFailure(reason), "\(arguments)") { try FetchArguments.parse(arguments) }
        }
    }

    @Test func theUsageLineIsMadeFromTheDeclarations() {
        #expect(FetchArguments.usage == "usage: errand-fetch [--max-bytes N] [--idle S] [--total S] [--progress-fd FD] "
            + "[--password-on-stdin] [--user-agent UA] [--accept json|image] [--dav] [--parallel N] URL")
    }
}
