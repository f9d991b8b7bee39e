import CCurl

/// The C callbacks libcurl calls, with this object as their context: each passes what it got
/// to the receiver. A CurlEasy keeps its CurlCallbacks, so the context stays valid as long as
/// the handle; the receiver owns the handle, hence `unowned`.
final class CurlCallbacks {
    unowned let receiver: any CurlReceiver

    init(_ receiver: any CurlReceiver) {
        self.receiver = receiver
    }

    static func of(_ context: UnsafeMutableRawPointer) -> any CurlReceiver {
        Unmanaged<CurlCallbacks>.fromOpaque(context).takeUnretainedValue().receiver
    }

    static let header: ccurl_data_callback = { buffer, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        return of(context).takeHeader(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    static let body: ccurl_data_callback = { buffer, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        return of(context).takeBody(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    static let progress: ccurl_progress_callback = { context, _, downloaded, _, uploaded in
        guard let context else { return 1 }
        return of(context).stillMoving(Int64(downloaded) + Int64(uploaded)) ? 0 : 1
    }
}
