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
        for (i, row) in rows.enumerated() {
            var line = number(first + i, numberWidth) + " " + (row.ad.hasImage ? "▣" : "·") + " "
            line += DisplayWidth.pad(categories[i], to: categoryWidth) + "  "
            line += String(repeating: " ", count: priceWidth - DisplayWidth.of(prices[i])) + prices[i] + "  "
            if anyUrgent { line += (row.ad.isUrgent ? style("URGENT", "31") : "      ") + "  " }
            line += localDay(row.ad.created).iso + "  " + DisplayWidth.sanitize(row.ad.title)
            out.append(row.ad.isUrgent && color ? clipStyled(line) : clip(line))
        }
        return out + pageFooter(first: first, count: rows.count, total: total)
    }

    func adDetail(_ ad: Ad, category: String) -> [String] {
        var out = [style(clip(DisplayWidth.sanitize(ad.title)), "1")]
        func field(_ name: String, _ value: String) {
            out.append(clip("  " + DisplayWidth.pad(name, to: 11) + "  " + DisplayWidth.sanitize(value)))
        }
        field("Category", category)
        field("Price", PriceFormat.euros(ad.price))
        let offset = Int64(clock.offset(at: Double(ad.created)))
        let local = ad.created.addingReportingOverflow(offset).partialValue
        let minutes = Int((local % 86_400 + 86_400) % 86_400 / 60)
        field("Date", localDay(ad.created).iso + " " + DueDay.pad(minutes / 60, 2) + ":" + DueDay.pad(minutes % 60, 2)
              + " (" + clock.zoneName + ")")
        field("Urgent", ad.isUrgent ? "yes" : "no")
        if let siret = ad.siret { field("SIRET", siret) }
        // URLs are never cut: people copy them.
        if let small = ad.smallImage { out.append("  Image        " + DisplayWidth.sanitize(small)) }
        if let thumb = ad.thumbImage { out.append("  Thumbnail    " + DisplayWidth.sanitize(thumb)) }
        if !ad.hasImage { field("Images", "none") }
        out.append("  Description")
        for line in TextWrap.wrap(DisplayWidth.sanitize(ad.description), width: max(10, width - 4)) {
            out.append("    " + line)
        }
        return out
    }

    func localDay(_ seconds: Int64) -> DueDay {
        let local = clock.day(of: Date(timeIntervalSince1970: Double(seconds)))
        return local
    }

    /// Cuts a line holding colour codes by its visible width.
    func clipStyled(_ line: String) -> String {
        let plain = line.replacing("\u{1B}[31m", with: "").replacing("\u{1B}[0m", with: "")
        return DisplayWidth.of(plain) > width ? clip(plain) : line
    }
}
