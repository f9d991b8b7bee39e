/// The prompt's path (tab › day › item) fitted to the screen, so that a line typed at a narrow
/// terminal still has room: whole when it takes at most about a third of the width, else the
/// screens before the last give way (those in the middle first, then the tab), and last the
/// last screen's own name is cut. Where you are now is what the prompt must say.
struct PromptPath {
    static let separator = " › "
    static let dropped = "…"
    static let end = "> "

    let parts: [String]

    func text(width: Int?) -> String {
        let whole = parts.joined(separator: PromptPath.separator) + PromptPath.end
        guard let width, let last = parts.last, parts.count > 1 else { return whole }
        // A third of a wide screen; on a narrow one a few columns more, or a day's name
        // ("Fri Dec 4") would not fit beside the mark of what gave way.
        let budget = max(16, width / 3)
        var candidates = [whole]
        if parts.count > 2, let tab = parts.first {
            candidates.append([tab, PromptPath.dropped, last].joined(separator: PromptPath.separator) + PromptPath.end)
        }
        let lead = PromptPath.dropped + PromptPath.separator
        candidates.append(lead + last + PromptPath.end)
        if let fitting = candidates.first(where: { DisplayWidth.of($0) <= budget }) { return fitting }
        let room = max(4, budget - DisplayWidth.of(lead) - DisplayWidth.of(PromptPath.end))
        return lead + DisplayWidth.truncate(last, to: room) + PromptPath.end
    }
}
