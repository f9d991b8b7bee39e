/// Each tab's navigation stack, nil until the tab is first shown. Three fields, not a
/// Dictionary keyed by Tab: that one cost a protocol-conformance lookup at every start (the
/// runtime scans every conformance record of the binary: 7% of `errand -c view`'s
/// instructions under callgrind).
public struct TabStacks: Equatable, Sendable {
    private var view: [Route]?
    private var create: [Route]?
    private var ads: [Route]?

    public init() {}

    public subscript(tab: Tab) -> [Route]? {
        get {
            switch tab {
            case .view: view
            case .create: create
            case .ads: ads
            }
        }
        set {
            switch tab {
            case .view: view = newValue
            case .create: create = newValue
            case .ads: ads = newValue
            }
        }
    }
}
