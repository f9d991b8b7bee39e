import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandSync

/// The effects performed for real: the CalDAV sync and the catalogue fetch through their
/// helper processes, photos into the image cache, the geocoder, the person's editor.
public struct LiveEffects: EffectRunner {
    public init() {}

    public func perform(_ effect: Effect, in environment: ShellEnvironment) throws -> EffectResult {
        switch effect {
        case let .syncTodos(remote):
            let codec = HelperCodec(helper: environment.calendarHelper, now: { environment.clock.now })
            return .synced(try environment.todoSync.run(environment.store, url: remote, codec: codec,
                                                        now: { environment.clock.now }).line)
        case let .fetchCatalogue(base):
            let (summary, change) = try environment.catalogueSync.sync(base: try CatalogueSync.baseURL(base),
                                                                      into: environment.store, now: environment.nowSeconds)
            return .fetched(summary, change)
        case let .downloadPhotos(urls):
            guard let source = environment.pictures else { return .photos(nil) }
            return .photos(source.prefetch(urls) { done, total in environment.progress?(done, total) })
        case let .geocode(place, retry):
            guard let geocoder = environment.geocoder else { return .located(.failure(.off)) }
            return .located(geocoder.locate(place, store: environment.store, now: environment.nowSeconds, retry: retry))
        case let .editNotes(notes):
            guard let editor = environment.editor else {
                throw ShellError.usage("notes: no editor is set up here (set VISUAL or EDITOR)")
            }
            do {
                // Bytes, as the file holds them: a character is at most 4.
                return .edited(try editor.edit(notes, limit: TodoItem.maxNotes * 4))
            } catch {
                throw ShellError.usage("notes: \(error.reason); nothing was changed")
            }
        }
    }
}
