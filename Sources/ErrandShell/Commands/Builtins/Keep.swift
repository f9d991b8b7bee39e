import ErrandDomain
import ErrandStorage
import ErrandSync

/// `keep here|there|both [N]`: decides a kept conflict (ConflictDecision): the item takes this
/// store's or the server's values of what both changed, or keeps this store's and gains the
/// server's as a new item "(from the server)"; for a delete against a change, `keep` of the
/// deleting side deletes the item. One undo step; sent at the next sync.
struct Keep: ShellCommand {
    static let side = ArgumentSpec("SIDE", .choice(KeptConflict.Decision.allCases.map(\.rawValue)),
                                   help: "here (this store's version), there (the server's) or both")
    static let row = ArgumentSpec("N", .count(KeptConflict.capacity), optional: true,
                                  help: "a row of the last conflicts listing (alone: the conflict shown)")
    static let spec = CommandSpec("keep", summary: "decide a conflict: keep here, keep there or keep both",
                                  details: "keep both keeps this store's version and adds the server's as a new item "
                                      + "named \"(from the server)\". A conflict already decided may be decided again.",
                                  arguments: [side, row], effect: .changesStore, undoable: true) {
        // SIDE was read as one of the decisions' words (ArgumentKind.choice): a word it is not never gets here.
        guard let decision = $0.text(side).flatMap(KeptConflict.Decision.init(rawValue:)) else {
            throw ShellError.usage("keep: say here, there or both")
        }
        return Keep(decision: decision, row: $0.count(row))
    }

    let decision: KeptConflict.Decision
    let row: Int?

    func run(_ c: inout CommandContext) throws -> Display {
        let kept = try c.store.keptConflicts()
        let id: Int64
        if let row {
            id = try Conflicts.id(row, listing: c.session.listing, kept: kept)
        } else if c.session.listing.count == 1, case let .conflict(shown, _)? = c.session.listing.first {
            id = shown
        } else {
            throw ShellError.usage("keep: which conflict? keep \(decision.rawValue) N, N a row of conflicts")
        }
        guard let conflict = kept.first(where: { $0.id == id }) else {
            throw ShellError.failed("keep: that conflict is no longer kept (conflicts lists those that are)")
        }
        let now = c.environment.clock.now
        let newID = c.environment.newID
        let decision = self.decision
        let result = try c.change { store, journal in
            try ConflictDecision.decide(conflict, decision, in: store, at: now, newID: newID, journaled: journal)
        }
        return try c.refresh(message: Self.message(result, decision))
    }

    static func message(_ result: ConflictDecision.Result, _ decision: KeptConflict.Decision) -> String {
        let title = "\"\(result.conflict.title)\""
        if let deleted = result.deleted { return "deleted \"\(deleted.title)\", as \(decision == .here ? "here" : "the server") had it" }
        let side = decision == .there ? "the server's" : "this store's"
        var text = result.changed == nil ? "\(title) already holds \(side) version" : "\(title) takes \(side) version"
        if !result.conflict.fields.isEmpty { text += " (" + result.conflict.fields.joined(separator: ", ") + ")" }
        if let added = result.added { text += "; added \"\(added.title)\"" }
        return text
    }
}
