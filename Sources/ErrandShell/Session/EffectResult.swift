import ErrandCatalogue
import ErrandDomain
import ErrandPlaces

/// What came of an Effect, fed back to the command that asked for it.
public enum EffectResult: Sendable {
    /// The sync's one line (`synced: 2 sent, 1 received`).
    case synced(String)
    case fetched(CatalogueSummary, CatalogueChange)
    /// nil: there is no image cache here.
    case photos(PrefetchOutcome?)
    case located(Result<PlaceMatch, GeocodeFailure>)
    /// The notes as the editor saved them; nil when the file was left unchanged.
    case edited(String?)

    var syncLine: String {
        get throws(ShellError) {
            guard case let .synced(line) = self else { throw EffectResult.mismatch("a sync's line", self) }
            return line
        }
    }

    var catalogue: (CatalogueSummary, CatalogueChange) {
        get throws(ShellError) {
            guard case let .fetched(summary, change) = self else { throw EffectResult.mismatch("a fetched catalogue", self) }
            return (summary, change)
        }
    }

    var prefetched: PrefetchOutcome? {
        get throws(ShellError) {
            guard case let .photos(outcome) = self else { throw EffectResult.mismatch("the photos' outcome", self) }
            return outcome
        }
    }

    var place: Result<PlaceMatch, GeocodeFailure> {
        get throws(ShellError) {
            guard case let .located(answer) = self else { throw EffectResult.mismatch("a place", self) }
            return answer
        }
    }

    var notes: String? {
        get throws(ShellError) {
            guard case let .edited(text) = self else { throw EffectResult.mismatch("the edited notes", self) }
            return text
        }
    }

    /// A runner that answered an effect with another's result: a defect of that runner.
    static func mismatch(_ wanted: String, _ got: EffectResult) -> ShellError {
        .failed("errand: asked for \(wanted), the effect runner answered \(got)")
    }
}
