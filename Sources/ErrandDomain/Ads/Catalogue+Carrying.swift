extension Catalogue {
    /// `next` as the cache keeps it after this copy (the property-list backend; SQLite does the
    /// same in SQLiteItemStore+Catalogue): stars carried over; a starred ad that left the
    /// listing kept, marked gone; a new id with the title, text and seller of an ad that left
    /// marked as its re-post, its star and earlier prices carried; and every price that
    /// changed remembered with the sync that last saw it.
    public func carried(into next: Catalogue) -> Catalogue {
        var old: [Int64: Ad] = [:]
        for ad in ads { old[ad.id] = ad }
        let listed = Set(next.ads.map(\.id))
        let left = ads.filter { !listed.contains($0.id) }
        var leftByKey: [[String]: Ad] = [:]
        for ad in left where leftByKey[ad.repostKey] == nil { leftByKey[ad.repostKey] = ad }
        var result = next
        var history = earlierPrices
        var reposted = Set<Int64>()
        for i in result.ads.indices {
            let ad = result.ads[i]
            if let previous = old[ad.id] {
                result.ads[i].isStarred = previous.isStarred
                result.ads[i].isHidden = previous.isHidden
                result.ads[i].repostOf = previous.repostOf
                if previous.price != ad.price { history[ad.id, default: []].append(PricePoint(price: previous.price, seen: fetched)) }
            } else if let original = leftByKey[ad.repostKey], !reposted.contains(original.id) {
                reposted.insert(original.id)
                result.ads[i].repostOf = original.id
                result.ads[i].isStarred = original.isStarred
                result.ads[i].isHidden = original.isHidden
                history[ad.id] = (history[original.id] ?? [])
                    + (original.price != ad.price ? [PricePoint(price: original.price, seen: fetched)] : [])
            }
        }
        for ad in left where ad.isStarred && !reposted.contains(ad.id) {
            var kept = ad
            kept.isGone = true
            result.ads.append(kept)
        }
        let kept = Set(result.ads.map(\.id))
        result.earlierPrices = history.filter { kept.contains($0.key) }
        return result
    }
}
