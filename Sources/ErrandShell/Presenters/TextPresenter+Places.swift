import ErrandDomain

/// Places as text: an item's place with its map, and the `near` list with distances.
extension TextPresenter {
    /// The Place line (its name a hyperlink to the map at a terminal that shows them), the
    /// address a geocoder matched, and the map's URL, whole: a URL cut short leads nowhere.
    func place(_ location: Location, matched: String?) -> [String] {
        let head = "  " + DisplayWidth.pad("Place", to: 8) + "  "
        let name = DisplayWidth.sanitize(location.name)
        var line = clip(head + name + (location.coordinate.map { " (\($0))" } ?? ""))
        guard let coordinate = location.coordinate else { return [line] }
        let url = MapLink.url(coordinate)
        if links, line.hasPrefix(head + name) {
            line = head + hyperlink(name, to: url) + String(line.dropFirst(head.count + name.count))
        }
        var out = [line]
        if let matched { out.append(clip("  " + DisplayWidth.pad("Matched", to: 8) + "  " + DisplayWidth.sanitize(matched))) }
        out.append("  " + DisplayWidth.pad("Map", to: 8) + "  " + url)
        return out
    }

    /// OSC 8: terminals that know it show `text` as a link; the URL is ours (digits and
    /// ASCII), so it cannot end the sequence early.
    func hyperlink(_ text: String, to url: String) -> String {
        "\u{1B}]8;;" + url + "\u{1B}\\" + text + "\u{1B}]8;;\u{1B}\\"
    }

    func nearby(_ centre: NearbyCentre, rows: [NearbyPage.Row], first: Int, total: Int, unplaced: Int) -> [String] {
        let empty = centre.radius == nil ? "no open item has coordinates" : "no open item is that close"
        var out = items(rows.map(\.item), heading: DisplayWidth.sanitize(centre.heading), showDate: true, first: first,
                        total: total, empty: empty, lead: rows.map { Distance.describe($0.metres) })
        if unplaced > 0 {
            out.append("  " + Plural.items(unplaced) + " without coordinates not listed")
        }
        return out
    }
}
