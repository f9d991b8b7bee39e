import ErrandDomain
import ErrandStorage

/// `conflicts [N]`: the conflicts syncs resolved, kept with both versions (KeptConflict):
/// newest first, numbered, each with what won; `conflicts N` (or `open N` on the list) shows
/// one side by side, field by field. Shown, a conflict's item loses its mark in lists.
struct Conflicts: ShellCommand {
    static let row = ArgumentSpec("N", .count(KeptConflict.capacity), optional: true,
                                  help: "a row of the last conflicts listing (alone: list them)")
    static let spec = CommandSpec("conflicts", summary: "what syncs merged both ways: both versions, to decide again",
                                  details: "Each conflict a sync resolved is kept with both versions: fields both sides "
                                      + "changed (the later change won) and items deleted on one side and changed on the other "
                                      + "(the change won). conflicts N shows one side by side; keep here, keep there or keep "
                                      + "both decides it. An item with a conflict not yet shown is marked (conflict) in lists.",
                                  arguments: [row]) { Conflicts(row: $0.count(row)) }

    let row: Int?

    func run(_ c: inout CommandContext) throws -> Display {
        let kept = try c.store.keptConflicts()
        guard let row else {
            c.session.listing = kept.map { .conflict($0.id, title: $0.title) }
            try c.store.markConflictsSeen(kept)
            return Display(screen: .conflicts(kept))
        }
        return try Self.show(try Self.id(row, listing: c.session.listing, kept: kept), &c)
    }

    /// The conflict row `n` names: the last listing's when it listed conflicts, else the
    /// store's newest-first order (what `conflicts` would list now).
    static func id(_ n: Int, listing: [ListingRow], kept: [KeptConflict]) throws -> Int64 {
        let rows = listing.compactMap { row -> Int64? in if case let .conflict(id, _) = row { id } else { nil } }
        let ids = rows.isEmpty ? kept.map(\.id) : rows
        guard ids.indices.contains(n - 1) else {
            throw ShellError.usage(ids.isEmpty ? "no conflicts kept: a sync that merges changes made on both sides keeps each here"
                                               : "no conflict \(n): choose 1 to \(ids.count) (conflicts lists them)")
        }
        return ids[n - 1]
    }

    /// One conflict side by side; it becomes the one `keep` decides without a number.
    static func show(_ id: Int64, _ c: inout CommandContext) throws -> Display {
        guard let conflict = try c.store.keptConflicts().first(where: { $0.id == id }) else {
            throw ShellError.failed("that conflict is no longer kept (conflicts lists those that are)")
        }
        try c.store.markConflictsSeen([conflict])
        c.session.listing = [.conflict(conflict.id, title: conflict.title)]
        return Display(screen: .conflict(conflict, current: try c.store.item(id: conflict.itemID)))
    }
}
