import Foundation

/// The seed of a test that draws random data: ERRAND_TEST_SEED when set, so a failure can be
/// replayed exactly, else a fresh one each run (more inputs tried over time). It is printed,
/// and tests put it in their failure messages too, since printed lines scroll away.
public enum TestSeed {
    public static func draw(for test: String) -> UInt64 {
        let given = ProcessInfo.processInfo.environment["ERRAND_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: 0...UInt64.max)
        print("\(test): seed \(seed); replay with ERRAND_TEST_SEED=\(seed)")
        // Out now: stdout into a file is buffered, and a test that crashes the process would
        // take its seed with it.
        fflush(nil)
        return seed
    }
}
