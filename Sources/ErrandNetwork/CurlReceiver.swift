/// What a transfer does with what libcurl hands it. `CurlEasy.deliver(to:)` routes libcurl's
/// header, body and progress callbacks here, so each kind of transfer (a download, a --dav
/// request) writes only its handling, not its own C trampolines.
protocol CurlReceiver: AnyObject {
    /// One header line as libcurl read it; false stops the transfer.
    func takeHeader(_ line: UnsafeRawBufferPointer) -> Bool
    /// A piece of the body; false stops the transfer.
    func takeBody(_ piece: UnsafeRawBufferPointer) -> Bool
    /// Body bytes moved so far, both ways, as libcurl counts them (head bytes are not in it);
    /// called as they move and about once a second when none do; false stops the transfer.
    func stillMoving(_ moved: Int64) -> Bool
}
