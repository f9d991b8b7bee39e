/// An ad `run NAME --new` reports: new to the search, or cheaper than when it last reported
/// it (`was`, that price; for a re-post, its original's).
public struct NewAd: Hashable, Sendable {
    public var ad: Ad
    public var was: Double?

    public init(ad: Ad, was: Double?) {
        self.ad = ad
        self.was = was
    }
}
