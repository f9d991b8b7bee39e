import Foundation

/// Holds a LoopbackServer reply (`.held`) until the test opens it: the reply then comes after
/// what the test did meanwhile, whatever the machine's load, where a delay could come first.
public final class ReplyGate: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false

    public init() {}

    public func open() {
        lock.lock()
        opened = true
        lock.unlock()
    }

    public var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }
}
