import Dispatch
import ErrandDAVWire

/// The frames read from errand's pipe, handed over to the thread that runs the requests. The
/// pipe is read on a thread of its own, so errand may write a whole batch before it reads the
/// first reply and neither side blocks the other; a bounded backlog keeps memory flat when it
/// writes thousands (the writer then waits on the full pipe, as errand's writer thread may).
final class FrameInbox: @unchecked Sendable {
    // @unchecked: `frames`, `ended` and `clean` are guarded by `state`.
    enum Item {
        case auth(user: String, password: String)
        case request(id: Int, DAVRequest)
    }

    private let state = ConditionLock()
    private var frames: [Item] = []
    private var head = 0
    private var ended = false
    private var clean = true
    private let capacity: Int
    private let multi: CurlMulti

    init(capacity: Int, waking multi: CurlMulti) {
        self.capacity = max(1, capacity)
        self.multi = multi
    }

    /// Starts reading `input` until it ends or breaks the framing.
    func startReading(_ input: Int32, maxBody: Int) {
        DispatchQueue(label: "errand-fetch.stdin").async { [self] in read(input, maxBody: maxBody) }
    }

    private func read(_ input: Int32, maxBody: Int) {
        var source = DescriptorSource(fd: input)
        var good = true
        while good {
            let item: Item
            let read = Result { () throws(DAVWire.Malformed) in try DAVWire.read(from: &source, maxBody: maxBody) }
            switch read {
            case let .success(.auth(user, password)?): item = .auth(user: user, password: password)
            case let .success(.request(id, request)?): item = .request(id: id, request)
            case .success(nil):
                good = false
                continue
            case .failure, .success(.reply?):
                // Broken framing, or a reply frame on the request side: answer what came before.
                state.change { clean = false }
                good = false
                continue
            }
            state.wait(until: { frames.count - head < capacity }) { frames.append(item) }
            multi.wake()
        }
        state.change { ended = true }
        multi.wake()
    }

    /// The next frame if one is waiting (never waits).
    func next() -> Item? {
        state.change {
            guard head < frames.count else { return nil }
            let item = frames[head]
            head += 1
            if head >= 256 && head * 2 >= frames.count {
                frames.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    var hasFrames: Bool { state.withLock { head < frames.count } }

    /// The input ended (or broke) and every frame was taken.
    var drained: Bool { state.withLock { ended && head >= frames.count } }

    /// Whether the input was valid framing up to its end.
    var wasClean: Bool { state.withLock { clean } }
}
