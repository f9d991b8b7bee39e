/// One HTTP request errand asks the helper (errand-fetch --dav) to make. Only the headers a
/// CalDAV client needs travel; credentials travel once per session (DAVWire.credentials).
public struct DAVRequest: Equatable, Sendable {
    public var method: String
    /// Absolute URL with no user or password in it.
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(method: String, url: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (a: DAVRequest, b: DAVRequest) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body
            && a.headers.map { $0.0 + ":" + $0.1 } == b.headers.map { $0.0 + ":" + $0.1 }
    }
}

/// What came back: a status with the headers the client reads, or a transport failure (the
/// helper's one wire line: refused, timed out, too large...).
public enum DAVReply: Equatable, Sendable {
    case response(DAVResponse)
    case failed(wireLine: String)
}

public struct DAVResponse: Equatable, Sendable {
    public var status: Int
    /// Lower-cased names: etag, location, content-type, retry-after.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var etag: String? { headers["etag"] }
}
