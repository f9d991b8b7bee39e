import ErrandDomain

/// What a command asks of the world outside the session and the store, as a value: the
/// command names it, the environment's EffectRunner performs it (LiveEffects: helper processes,
/// servers, the editor) and hands back an EffectResult. Tests put a runner of their own in
/// its place, assert each effect asked for and answer it, with no process and no server, as
/// The Composable Architecture's TestStore receives a reducer's effects.
public enum Effect: Equatable, Sendable, CustomStringConvertible {
    /// `sync todos`: exchange the to-do list with the CalDAV collection at this URL.
    case syncTodos(remote: String)
    /// `sync ads`, `ads`: fetch the catalogue from this base URL into the store.
    case fetchCatalogue(base: String)
    /// `sync ads --images`: these photos into the image cache.
    case downloadPhotos([String])
    /// `create --at`, `edit --at`, `locate`, `near`: where this place is (`retry`: ask again
    /// what the geocoder said it could not find).
    case geocode(place: String, retry: Bool)
    /// `notes N`: these notes in the person's editor.
    case editNotes(String)

    public var description: String {
        switch self {
        case let .syncTodos(remote): ".syncTodos(\(Secrets.redacted(remote)))"
        case let .fetchCatalogue(base): ".fetchCatalogue(\(Secrets.redacted(base)))"
        case let .downloadPhotos(urls): ".downloadPhotos(\(urls.count) photos)"
        case let .geocode(place, retry): ".geocode(\(place.debugDescription)\(retry ? ", retry" : ""))"
        case let .editNotes(notes): ".editNotes(\(notes.debugDescription))"
        }
    }
}
