import ErrandDAVWire

extension DAVRequest {
    /// A WebDAV MOVE (RFC 4918 §9.9) that never replaces what is at `destination`: a list
    /// move, or a member the account keeps in another list brought here.
    static func move(_ url: String, to destination: String) -> DAVRequest {
        DAVRequest(method: "MOVE", url: url, headers: [("Destination", destination), ("Overwrite", "F")])
    }
}
