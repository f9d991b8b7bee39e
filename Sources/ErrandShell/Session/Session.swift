import ErrandDomain

/// Everything the shell remembers between commands, as a value: commands transform it, and
/// tests assert it whole.
public struct Session: Equatable, Sendable {
    public var tab: Tab = .view {
        // Remembered as the apps' navigation does, so `back` crosses tabs (Session.returnToPreviousTab).
        didSet {
            guard oldValue != tab else { return }
            tabTrail.append(oldValue)
            if tabTrail.count > Session.tabTrailLimit { tabTrail.removeFirst() }
        }
    }
    /// The tabs left for another, oldest first: where `back` goes from a tab's first screen.
    public var tabTrail: [Tab] = []
    static let tabTrailLimit = 50
    /// A navigation stack per tab; the last route is the screen shown.
    public var stacks = TabStacks()
    /// The ads category filter (catalogue).
    public var filter: String?
    /// The list `use NAME` narrowed the to-do screens to, as the store spells it; nil: all.
    public var list: String?
    /// The rows of the last listing shown: numbers typed refer to these.
    public var listing: [ListingRow] = [] {
        didSet { listingZero = nil }
    }
    /// A row numbered 0 above the listing (the week's Overdue row), set after the listing.
    public var listingZero: ListingRow?
    public var output: OutputMode = .text
    public var color = false
    /// The terminal shows OSC 8 hyperlinks (decided at start-up from what it says it is).
    public var hyperlinks = false
    /// Rows per page of long lists (a terminal's height, or `set pagesize`); nil shows
    /// everything at once, as scripts and JSON readers want.
    public var pageSize: Int?
    /// `set timing on`: each command's time is written to stderr (psql's \timing).
    public var timing = false
    /// `set cells raw` (`--raw`): table cells as stored, a leading `=` and all (Table.safe).
    public var rawCells = false
    /// `set images on`: an ad's detail shows its photo (only where the environment can draw,
    /// that is at a terminal).
    public var images = false
    /// `set suggest off`: no suggestion from history at the prompt (shown only at a colour terminal).
    public var suggest = true
    /// `abbr`: words expanded when typed first on a line at the keyboard.
    public var abbreviations = Abbreviations()

    public init(output: OutputMode = .text, color: Bool = false, pageSize: Int? = nil) {
        self.output = output
        self.color = color
        self.pageSize = pageSize
    }

    /// Rows in a page for this output: JSON and table readers get every row at once.
    var rowsPerPage: Int? { output.pages ? pageSize.map { max($0, 1) } : nil }

    public var stack: [Route] {
        get { stacks[tab] ?? [] }
        set { stacks[tab] = newValue }
    }

    public var route: Route? { stack.last }

    /// Back to the tab left last, its screens as they were; false when there is none.
    mutating func returnToPreviousTab() -> Bool {
        guard let previous = tabTrail.popLast() else { return false }
        let trail = tabTrail
        tab = previous
        tabTrail = trail
        return true
    }

    /// The day whose list is open on the View tab (also under an item opened from it): where a
    /// `create` without a date lands. Derived from the stack, so it cannot disagree with it.
    public var selectedDay: DueDay? {
        guard tab == .view else { return nil }
        for route in stack.reversed() {
            if case let .day(day) = route { return day }
        }
        return nil
    }

    /// Whether the No date list is open on the View tab: a `create` there makes an item without one.
    public var undatedOpen: Bool { tab == .view && stack.contains(.undated) }

    /// The number an item has in the listing shown, if it is there.
    func row(of item: TodoItem) -> Int? {
        listing.firstIndex { row in
            switch row {
            case let .item(listed): return listed.id == item.id
            case let .listed(listed): return listed.id == item.id
            default: return false
            }
        }.map { $0 + 1 }
    }
}
