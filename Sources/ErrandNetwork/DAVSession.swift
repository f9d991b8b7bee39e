import ErrandCatalogue
import ErrandDAVWire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `errand-fetch --dav`: reads request frames (DAVWire) from `input` until it ends, runs up to
/// `parallel` at once over kept-alive connections, and writes each reply frame to `output` as
/// it finishes. Reading never waits for replies to be read, so errand may write a whole batch
/// before it reads the first answer without either side blocking the other.
public struct DAVSession {
    public let limits: FetchLimits
    public let parallel: Int

    public init(limits: FetchLimits, parallel: Int = 6) {
        self.limits = limits
        self.parallel = max(1, parallel)
    }

    /// Returns false if the input was not valid framing (after answering what came before).
    public func run(input: Int32, output: @escaping @Sendable ([UInt8]) -> Void) -> Bool {
        let slots = DispatchSemaphore(value: parallel)
        let group = DispatchGroup()
        let delegate = DAVSessionDelegate(limit: limits.maxBytes, idle: limits.idleTimeout) { id, reply in
            output(DAVWire.encode(reply, id: id))
            slots.signal()
            group.leave()
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = parallel
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var source = DescriptorSource(fd: input)
        var authorization: String?
        var clean = true
        while true {
            let frame: DAVWire.Frame?
            do {
                frame = try DAVWire.read(from: &source, maxBody: limits.maxBytes)
            } catch {
                clean = false
                break
            }
            guard let frame else { break }
            switch frame {
            case let .auth(user, password):
                authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
            case let .request(id, request):
                guard let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    output(DAVWire.encode(.failed(wireLine: CatalogueError.unsupportedURL(request.url).wireLine), id: id))
                    continue
                }
                var urlRequest = URLRequest(url: url)
                urlRequest.httpMethod = request.method
                for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
                if let authorization { urlRequest.setValue(authorization, forHTTPHeaderField: "Authorization") }
                if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
                slots.wait()
                group.enter()
                let task = session.dataTask(with: urlRequest)
                delegate.track(task, id: id, url: request.url)
                task.resume()
            case .reply:
                clean = false
            }
            if !clean { break }
        }
        group.wait()
        return clean
    }
}
