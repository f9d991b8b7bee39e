import ErrandDomain

/// The screens that count open items by name: `tags` and `lists`.
extension TextPresenter {
    func tags(_ counts: [WordCount]) -> [String] {
        var lines = [counts.isEmpty ? "no tags yet: create TITLE --tag WORD, or tag N WORD" : style("Tags", "1")]
        let names = counts.map { "#" + DisplayWidth.sanitize($0.word) }
        let widest = names.map { DisplayWidth.of($0) }.max() ?? 0
        lines += counts.enumerated().map { i, c in
            clip(number(i + 1, String(counts.count).count) + "  " + DisplayWidth.pad(names[i], to: widest)
                 + "  " + "\(c.open) open")
        }
        return lines
    }

    func lists(_ lists: [ListSummary]) -> [String] {
        let names = lists.map { DisplayWidth.sanitize($0.name) }
        let widest = names.map { DisplayWidth.of($0) }.max() ?? 0
        let counts = lists.map { "\($0.open) open" }
        let countWidth = counts.map { DisplayWidth.of($0) }.max() ?? 0
        return [style("Lists", "1")] + lists.enumerated().map { i, list in
            let syncs = list.remote.map { "syncs with " + DisplayWidth.sanitize(Secrets.redacted($0))
                + (list.lastSync.map { ", last on " + $0 } ?? ", not synced yet") } ?? "kept here"
            return clip((list.inUse ? "* " : "  ") + DisplayWidth.pad(names[i], to: widest) + "  "
                        + DisplayWidth.pad(counts[i], to: countWidth) + "  " + syncs)
        }
    }
}
