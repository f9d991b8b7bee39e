import Foundation
import Testing

/// Which tests run: `scripts/test --fast` sets ERRAND_TEST_LANE=fast and runs only the tests
/// that start nothing (no process, server, terminal or kill trial), in a few minutes from a
/// warm build; `scripts/test` (CI) runs them all. A suite that starts something carries its
/// tag and `.fullLane`; the support code that starts things refuses in the fast lane, so a
/// suite that forgot its tag fails there instead of slowing it down.
public enum Lane {
    public static var isFast: Bool { ProcessInfo.processInfo.environment["ERRAND_TEST_LANE"] == "fast" }

    /// Called by whatever starts a process, a server or a terminal for a test.
    public static func mayStart(_ what: String) throws {
        if isFast { throw LaneFailure.untagged(what) }
    }
}

/// A test in the fast lane started what only the full lane may.
public enum LaneFailure: Error, CustomStringConvertible {
    case untagged(String)

    public var description: String {
        switch self {
        case let .untagged(what):
            "this test starts \(what) in the fast lane: give its suite a tag (.process, .server, .terminal, .crash, .slow) and .fullLane"
        }
    }
}

extension Tag {
    /// Starts errand, a helper or another program as a process.
    @Tag public static var process: Self
    /// Starts a CalDAV server (Radicale, Xandikos, sabre/dav, ...) or serves HTTP on loopback.
    @Tag public static var server: Self
    /// Drives a real terminal (tmux).
    @Tag public static var terminal: Self
    /// Kills a process mid-write and checks what is left.
    @Tag public static var crash: Self
    /// Waits or measures on purpose: its subject is time, or it runs for tens of seconds.
    @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
    /// Kept out of the fast lane, shown as skipped there with the reason.
    public static var fullLane: Self {
        .enabled(if: !Lane.isFast, "starts a process, a server, a terminal or a kill trial: full lane only (scripts/test)")
    }
}
