/// The room a photo may take: cells across and down, and a cell's size in pixels when the
/// terminal tells it (the image protocols draw in pixels).
public struct PictureSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int?
    public var cellHeight: Int?

    public init(columns: Int, rows: Int, cellWidth: Int? = nil, cellHeight: Int? = nil) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// The terminal's whole width and at most half its height, so the fields stay in view.
    public static func forTerminal(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) -> PictureSize {
        let columns = max(1, columns), rows = max(1, rows)
        var size = PictureSize(columns: columns, rows: max(4, rows / 2))
        if pixelWidth > 0, pixelHeight > 0 {
            size.cellWidth = pixelWidth / columns
            size.cellHeight = pixelHeight / rows
        }
        return size
    }
}
