import Foundation

/// One to-do item as README describes it, with no code of either store behind it: the
/// reference model's own record. Days are day numbers counted from 2026-01-01 (ModelDay).
struct ModelItem: Equatable {
    var id: Int
    var title: String
    var notes: String?
    var due: Int?
    var start: Int?
    var priority: Int?
    var tags: [String] = []
    /// nil: the store's main list ("local" without a remote).
    var list: String?
    var place: String?
    var point: ModelPoint?
    var repeats: ModelRepeat?
    var parent: Int?
    /// Closed: checked or cancelled (README: "cancelled items are listed with Done").
    var done = false
    /// Begun (`start`), on an open item only.
    var started = false
    /// Given up (`cancel`), on a closed item only.
    var cancelled = false
    /// 1 to 100; none is 0% to `progress:`.
    var progress: Int?

    /// The day it is listed on: its due day, else its start (README: "without `--date` the
    /// item has no due day and is listed on its start day").
    var listDay: Int? { due ?? start }

    /// The words `find` matches: the title's, the notes' and the place's.
    var words: [String] {
        ModelFolding.words(of: [title, notes ?? "", place ?? ""].joined(separator: " "))
    }

    /// README: "An item equal to one already open (same title, notes, day and place) is
    /// refused"; the day is the one it is listed on.
    func sameAs(_ other: ModelItem) -> Bool {
        title == other.title && (notes ?? "") == (other.notes ?? "") && listDay == other.listDay
            && ModelFolding.fold(place ?? "") == ModelFolding.fold(other.place ?? "")
    }
}
