import ErrandDomain

/// The ads tab's screens, as the Leboncoin payload names its fields.
extension JSONPresenter {
    func ads(_ rows: [AdRow], heading: String, first: Int, total: Int) -> [(String, JSONValue)] {
        [("screen", .string("ads")), ("heading", .string(heading)), ("total", .int(total)),
         ("items", .array(rows.enumerated().map { i, row in
             .object([("n", .int(first + i)), ("id", .int(Int(row.ad.id))), ("title", .string(row.ad.title)),
                      ("category", .string(row.category)), ("category_id", .int(Int(row.ad.categoryID))),
                      ("price", .double(row.ad.price)), ("urgent", .bool(row.ad.isUrgent)),
                      ("date", .string(APIDate.format(row.ad.created))), ("image", .bool(row.ad.hasImage))]
                     + JSONPresenter.marks(row.ad) + (row.was.map { [("was", JSONValue.double($0))] } ?? [])
                     + (row.searches.isEmpty ? [] : [("searches", .array(row.searches.map(JSONValue.string)))]))
         }))]
    }

    func adDetail(_ ad: Ad, category: String, earlier: [PricePoint]) -> [(String, JSONValue)] {
        var images: [(String, JSONValue)] = []
        if let small = ad.smallImage { images.append(("small", .string(small))) }
        if let thumb = ad.thumbImage { images.append(("thumb", .string(thumb))) }
        return [("screen", .string("ad")), ("ad", .object([
            ("id", .int(Int(ad.id))), ("category_id", .int(Int(ad.categoryID))), ("category", .string(category)),
            ("title", .string(ad.title)), ("description", .string(ad.description)), ("price", .double(ad.price)),
            ("images_url", .object(images)), ("creation_date", .string(APIDate.format(ad.created))),
            ("is_urgent", .bool(ad.isUrgent)), ("siret", ad.siret.map(JSONValue.string) ?? .null),
        ] + JSONPresenter.marks(ad) + (earlier.isEmpty ? [] : [("earlier_prices", .array(earlier.map { point in
            .object([("price", .double(point.price)), ("seen", .string(APIDate.format(point.seen)))])
        }))])))]
    }

    func categories(_ counts: [CategoryCount]) -> [(String, JSONValue)] {
        [("screen", .string("categories")), ("items", .array(counts.enumerated().map { i, c in
            .object([("n", .int(i + 1)), ("name", .string(c.name)), ("count", .int(c.count))])
        }))]
    }

    /// Our own marks on an ad, only when set (stars, gone, re-posts).
    static func marks(_ ad: Ad) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if ad.isStarred { pairs.append(("starred", .bool(true))) }
        if ad.isGone { pairs.append(("gone", .bool(true))) }
        if ad.isHidden { pairs.append(("hidden", .bool(true))) }
        if let original = ad.repostOf { pairs.append(("reposted_from", .int(Int(original)))) }
        return pairs
    }
}
