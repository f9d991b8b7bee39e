/// How a helper process ended, decoded once from its wait status.
public enum HelperExit: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case killed(signal: Int32)

    public init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .killed(signal: signal)
    }

    public var succeeded: Bool { self == .exited(0) }

    /// The exit status, nil for a helper killed by a signal.
    public var status: Int32? {
        if case let .exited(status) = self { return status }
        return nil
    }

    public var signal: Int32? {
        if case let .killed(signal) = self { return signal }
        return nil
    }

    /// Said after the helper's name: "exited", "exited with status 3", "was killed by signal 11".
    public var description: String {
        switch self {
        case .exited(0): return "exited"
        case let .exited(status): return "exited with status \(status)"
        case let .killed(signal): return "was killed by signal \(signal)"
        }
    }
}
