import ErrandDomain

/// Places as text: an item's place with its map, and the `near` list with distances.
extension TextPresenter {
    /// The Place line (its name a hyperlink to the map at a terminal that shows them), the
    /// address a geocoder matched, both wrapped, and the map's URL, whole: a URL cut or broken
    /// leads nowhere.
    func place(_ location: Location, matched: String?) -> [String] {
        let head = "  " + DisplayWidth.pad("Place", to: 8) + "  "
        let name = DisplayWidth.sanitize(location.name)
        var lines = field("Place", name + (location.coordinate.map { " (\($0))" } ?? ""), nameWidth: 8)
        guard let coordinate = location.coordinate else { return lines }
        let url = MapLink.url(coordinate)
        // Linked only when the name is whole on the first line: a link around half a name
        // would send the rest of it nowhere.
        if links, let first = lines.first, first.hasPrefix(head + name) {
            lines = [head + hyperlink(name, to: url) + String(first.dropFirst(head.count + name.count))] + lines.dropFirst()
        }
        if let matched { lines += field("Matched", DisplayWidth.sanitize(matched), nameWidth: 8) }
        lines.append("  " + DisplayWidth.pad("Map", to: 8) + "  " + url)
        return lines
    }

    /// OSC 8: terminals that know it show `text` as a link; the URL is ours (digits and
    /// ASCII), so it cannot end the sequence early.
    func hyperlink(_ text: String, to url: String) -> String {
        "\u{1B}]8;;" + url + "\u{1B}\\" + text + "\u{1B}]8;;\u{1B}\\"
    }

    /// Numbered for the whole range when it was counted; a crowded range that was not says
    /// only that more follow.
    func nearby(_ centre: NearbyCentre, _ page: NearbyPage, first: Int) -> [String] {
        let empty = centre.radius == nil ? "no open item has coordinates" : "no open item is that close"
        let shown = first + page.rows.count - 1
        let total = page.total ?? (page.more ? shown + 1 : shown)
        var out = items(page.rows.map(\.item), heading: DisplayWidth.sanitize(centre.heading), showDate: true, first: first,
                        total: total, empty: empty, lead: page.rows.map { Distance.describe($0.metres) })
        if page.total == nil, page.more, !page.rows.isEmpty {
            // items() wrote "N of N+1 shown": say instead that the range holds more, uncounted.
            out.removeLast()
            out.append("  \(shown) shown, more in range: more for the next page")
        }
        if page.unplaced > 0 {
            out.append("  " + Plural.items(page.unplaced) + " without coordinates not listed")
        }
        return out
    }
}
