import ErrandDomain

/// What the last ads query that no index answers found (AdFacts), in its order, with the state
/// of the store it was read in: the count and each page after it are read from here.
struct FoundAds {
    let query: AdQuery
    /// `PRAGMA data_version` and `total_changes()`, as FoundRows.
    let stamp: [Int64]
    let ids: [Int64]
}
