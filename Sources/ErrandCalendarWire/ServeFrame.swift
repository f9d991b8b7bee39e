import ErrandDAVWire

/// errand <-> `errand-ical serve`: one helper answers a session's requests, so a `view` or a
/// `check` of a rich series pays a pipe's round trip, not a process's start (8 ms, bench
/// figure 2). A request is a header line `ask ARGS INPUT`, then ARGS bytes (the arguments a
/// one-shot run would take, each ended by NUL) and INPUT bytes (its stdin); an answer is
/// `answer STATUS OUT ERR`, then OUT bytes (its stdout) and ERR bytes (its stderr).
public enum ServeFrame {
    /// No request or answer is bigger (a one-shot run has no limit, but it streams).
    public static let maxBytes = 1 << 30

    public struct Request: Equatable, Sendable {
        public var arguments: [String]
        public var input: [UInt8]

        public init(arguments: [String], input: [UInt8]) {
            self.arguments = arguments
            self.input = input
        }
    }

    public struct Answer: Equatable, Sendable {
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]

        public init(status: Int32, output: [UInt8], errors: [UInt8]) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    public enum Malformed: Error, Equatable {
        /// The input ended between frames: the other side is gone.
        case ended
        /// Anything else: a header that is not one, a length past maxBytes, a frame cut short.
        case garbage(String)
    }

    public static func encode(_ request: Request) -> [UInt8] {
        var arguments: [UInt8] = []
        for argument in request.arguments { arguments += Array(argument.utf8) + [0] }
        return Array("ask \(arguments.count) \(request.input.count)\n".utf8) + arguments + request.input
    }

    public static func encode(_ answer: Answer) -> [UInt8] {
        Array("answer \(answer.status) \(answer.output.count) \(answer.errors.count)\n".utf8) + answer.output + answer.errors
    }

    public static func readRequest(from source: inout some ByteSource) throws(Malformed) -> Request {
        let counts = try header("ask", numbers: 2, from: &source)
        let arguments = try bytes(counts[0], from: &source).split(separator: 0, omittingEmptySubsequences: false).dropLast()
        return Request(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }, input: try bytes(counts[1], from: &source))
    }

    public static func readAnswer(from source: inout some ByteSource) throws(Malformed) -> Answer {
        let counts = try header("answer", numbers: 3, from: &source)
        guard let status = Int32(exactly: counts[0]) else { throw .garbage("a status of \(counts[0])") }
        return Answer(status: status, output: try bytes(counts[1], from: &source), errors: try bytes(counts[2], from: &source))
    }

    /// The header's numbers, each at most maxBytes (a status is a number too).
    static func header(_ word: String, numbers: Int, from source: inout some ByteSource) throws(Malformed) -> [Int] {
        guard let line = source.line(limit: 200) else { throw .ended }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        let values = parts.dropFirst().compactMap { Int($0) }.filter { (0...maxBytes).contains($0) }
        guard parts.first.map(String.init) == word, parts.count == numbers + 1, values.count == numbers else {
            throw .garbage("not a frame: \"\(line.prefix(60))\"")
        }
        return values
    }

    static func bytes(_ count: Int, from source: inout some ByteSource) throws(Malformed) -> [UInt8] {
        guard let read = source.bytes(count) else { throw .garbage("a frame cut short") }
        return read
    }
}
