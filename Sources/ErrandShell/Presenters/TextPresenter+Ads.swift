import ErrandCatalogue
import ErrandDomain
import FoundationEssentials

/// The ads list and detail as text. Every field comes from the network, so every one goes
/// through `sanitize` before it reaches the terminal.
extension TextPresenter {
    func ads(_ rows: [AdRow], heading: String, first: Int, total: Int) -> [String] {
        var out = [style(clip(DisplayWidth.sanitize(heading)), "1")]
        guard !rows.isEmpty else {
            out.append("  no ads here")
            return out
        }
        let numberWidth = String(total).count
        let categories = rows.map { DisplayWidth.sanitize($0.category) }
        let categoryWidth = categories.map { DisplayWidth.of($0) }.max() ?? 0
        let prices = rows.map { PriceFormat.euros($0.ad.price) }
        let priceWidth = prices.map { DisplayWidth.of($0) }.max() ?? 0
        let anyUrgent = rows.contains { $0.ad.isUrgent }
        let titles = rows.map { row in
            (row.ad.isStarred ? "★ " : "") + DisplayWidth.sanitize(row.ad.title) + TextPresenter.marks(row)
        }
        // On a narrow screen the other columns make room for the title, least needed first:
        // the day posted, the photo mark, the category, URGENT, and the price last.
        let room = GiveWay(width: width, fixed: 2 + numberWidth + 2,
                           columns: [12, 1, categoryWidth + 2, anyUrgent ? 8 : 0, priceWidth + 2],
                           floor: min(titles.map { DisplayWidth.of($0) }.max() ?? 0, 20))
        for (i, row) in rows.enumerated() {
            var line = number(first + i, numberWidth) + " " + (room.keeps(1) ? (row.ad.hasImage ? "▣" : "·") + " " : " ")
            if room.keeps(2) { line += DisplayWidth.pad(categories[i], to: categoryWidth) + "  " }
            if room.keeps(4) { line += String(repeating: " ", count: priceWidth - DisplayWidth.of(prices[i])) + prices[i] + "  " }
            if anyUrgent, room.keeps(3) { line += (row.ad.isUrgent ? style("URGENT", "31") : "      ") + "  " }
            if room.keeps(0) { line += localDay(row.ad.created).iso + "  " }
            line += titles[i]
            out.append(row.ad.isUrgent && color ? clipStyled(line) : clip(line))
        }
        return out + pageFooter(first: first, count: rows.count, total: total)
    }

    /// After the title: `(gone)`, `(reposted)`, `(was 350,00 €)`, `(found by flat, bikes)`.
    static func marks(_ row: AdRow) -> String {
        var marks: [String] = []
        if row.ad.isGone { marks.append("gone") }
        if row.ad.isHidden { marks.append("hidden") }
        if row.ad.repostOf != nil { marks.append("reposted") }
        if let was = row.was { marks.append("was " + PriceFormat.euros(was)) }
        if !row.searches.isEmpty { marks.append("found by " + row.searches.joined(separator: ", ")) }
        return marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")"
    }

    func adDetail(_ ad: Ad, category: String, picture: Picture? = nil, earlier: [PricePoint] = []) -> [String] {
        var out: [String] = []
        // The helper's drawing is written as it came: it is ours, made from pixels, never text
        // from the network.
        if case let .drawn(text)? = picture {
            out += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        // Every word of the ad is shown: the title and its fields wrap, never cut.
        out += wrapped(DisplayWidth.sanitize(ad.title), first: "", rest: "").map { style($0, "1") }
        func field(_ name: String, _ value: String) { out += self.field(name, DisplayWidth.sanitize(value), nameWidth: 11) }
        field("Category", category)
        field("Price", PriceFormat.euros(ad.price))
        // Newest first: `was 320,00 € on Dec 2`.
        for point in earlier.reversed() {
            field("", "was " + PriceFormat.euros(point.price) + " on " + labeler.label(localDay(point.seen)))
        }
        let offset = Int64(clock.offset(at: Double(ad.created)))
        let local = ad.created.addingReportingOverflow(offset).partialValue
        let minutes = Int((local % 86_400 + 86_400) % 86_400 / 60)
        field("Date", localDay(ad.created).iso + " " + DueDay.pad(minutes / 60, 2) + ":" + DueDay.pad(minutes % 60, 2)
              + " (" + clock.zoneName + ")")
        field("Urgent", ad.isUrgent ? "yes" : "no")
        if ad.isStarred { field("Starred", ad.isGone ? "yes, gone from the listing (unstar lets it go)" : "yes") }
        if let original = ad.repostOf { field("Reposted", "a new id for ad \(original), gone from the listing") }
        if let siret = ad.siret { field("SIRET", siret) }
        // URLs are never cut: people copy them.
        if let small = ad.smallImage { out.append("  Image        " + DisplayWidth.sanitize(small)) }
        if let thumb = ad.thumbImage { out.append("  Thumbnail    " + DisplayWidth.sanitize(thumb)) }
        if !ad.hasImage { field("Images", "none") }
        // A message, like an error: never cut, and one line for the terminal to wrap, so the
        // reason reads (and is found) as one sentence.
        if case let .unavailable(reason)? = picture { out.append("  Photo        not shown: " + DisplayWidth.sanitize(reason)) }
        out.append("  Description")
        out += wrapped(DisplayWidth.sanitize(ad.description), first: "    ", rest: "    ")
        return out
    }

    func categories(_ counts: [CategoryCount]) -> [String] {
        let widest = counts.map { DisplayWidth.of($0.name) }.max() ?? 0
        return counts.enumerated().map { i, c in
            clip(number(i + 1, String(counts.count).count) + "  " + DisplayWidth.pad(DisplayWidth.sanitize(c.name), to: widest)
                 + "  " + Plural.ads(c.count))
        }
    }

    func localDay(_ seconds: Int64) -> DueDay {
        let local = clock.day(of: Date(timeIntervalSince1970: Double(seconds)))
        return local
    }

    /// Cuts a line holding colour codes by its visible width.
    func clipStyled(_ line: String) -> String {
        let plain = line.replacing("\u{1B}[31m", with: "").replacing("\u{1B}[0m", with: "")
        guard let width, DisplayWidth.of(plain) > width else { return line }
        return clip(plain)
    }
}
