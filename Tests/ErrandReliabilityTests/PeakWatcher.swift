import Foundation

/// Polls a running process's VmHWM (its peak resident memory, kB), and its children's (the
/// helpers it starts), until stopped; the last reading before one exits is its peak to within
/// one poll. The peak is the largest of any one of them.
final class PeakWatcher: @unchecked Sendable {
    // @unchecked: `peak` and `done` are read and written under `lock` only.
    private let lock = NSLock()
    private var peak = 0
    private var done = false
    private let finished = DispatchSemaphore(value: 0)

    init(pid: Int32) {
        let thread = Thread { [self] in
            while !lock.withLock({ done }) {
                for one in [pid] + PeakWatcher.children(pid) {
                    if let kilobytes = PeakWatcher.highWaterMark(one) { lock.withLock { peak = max(peak, kilobytes) } }
                }
                // A measurement, not a wait: a reading every 2 ms (the suites using it are .slow).
                usleep(2_000)
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops polling; the largest VmHWM seen, in kB (0 when none was read).
    func stop() -> Int {
        lock.withLock { done = true }
        finished.wait()
        return lock.withLock { peak }
    }

    static func highWaterMark(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    static func children(_ pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
