import ErrandDAVWire
@testable import ErrandSync

/// A transport that passes every request on and notes its method, so a test can say what a
/// sync costs in requests rather than guess it from timings on a shared machine.
final class CountingTransport: DAVTransport {
    let inner: DAVTransport
    private(set) var methods: [String] = []

    init(_ inner: DAVTransport) {
        self.inner = inner
    }

    func perform(_ requests: [DAVRequest]) throws(SyncError) -> [DAVReply] {
        methods += requests.map(\.method)
        return try inner.perform(requests)
    }

    /// The methods asked since the last call, and forgets them.
    func take() -> [String] {
        defer { methods = [] }
        return methods
    }

    func close() { inner.close() }
}
