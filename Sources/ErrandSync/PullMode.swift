/// Why the engine is reading the server's changes, which decides how far it trusts the sync
/// token (or ctag) it kept and what a member missing from the server means.
enum PullMode: Equatable {
    /// The sync's first look. A kept token equal to the server's is trusted and ends the pull
    /// at one PROPFIND: the token kept is always one the server gave after our last write
    /// (`settle`), so it cannot be the token of an empty collection from before our uploads.
    case start
    /// After our writes were acknowledged: the changes since the token kept before them (our
    /// own writes, recognised by the ETags the PUTs answered, and anyone else's meanwhile), so
    /// the token kept next names a state that holds our writes.
    case settle
    /// The server was found to lack a member we believed it held: the kept token no longer
    /// describes it. A full listing (hrefs and ETags), and what is missing is sent again.
    case audit
}
