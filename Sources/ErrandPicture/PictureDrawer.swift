import CChafa

/// Draws decoded pixels with libchafa into the text to write to the terminal, sized to fit
/// `columns` x `rows` cells keeping the photo's shape.
public struct PictureDrawer: Sendable {
    public var profile: TerminalProfile
    public var columns: Int
    public var rows: Int
    /// A cell's size in pixels (the terminal's, when it tells), for the image protocols and
    /// the shape of a cell.
    public var cell: PixelSize

    public init(profile: TerminalProfile, columns: Int, rows: Int, cell: PixelSize = PixelSize(width: 10, height: 20)) {
        self.profile = profile
        self.columns = max(1, min(columns, 1_000))
        self.rows = max(1, min(rows, 500))
        self.cell = PixelSize(width: max(1, min(cell.width, 100)), height: max(1, min(cell.height, 200)))
    }

    /// Pixels worth decoding: symbols sample about 8 x 8 pixels a cell, protocols show the cells' own.
    public var pixelsWanted: PixelSize {
        profile.format == .symbols ? PixelSize(width: columns * 8, height: rows * 16)
            : PixelSize(width: columns * cell.width, height: rows * cell.height)
    }

    /// Cells the photo takes, fitted inside the box.
    public func geometry(of image: DecodedImage) -> (columns: Int, rows: Int) {
        var width = Int32(columns), height = Int32(rows)
        chafa_calc_canvas_geometry(Int32(image.width), Int32(image.height), &width, &height,
                                   Float(cell.width) / Float(cell.height), 1, 0)
        return (Int(max(1, width)), Int(max(1, height)))
    }

    public func draw(_ image: DecodedImage) throws(PictureError) -> String {
        guard image.width > 0, image.height > 0, image.pixels.count >= image.width * image.height * 4 else {
            throw .damaged("no pixels")
        }
        let size = geometry(of: image)
        guard let config = chafa_canvas_config_new() else { throw .failed("cannot start drawing") }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        chafa_canvas_config_set_canvas_mode(config, canvasMode)
        guard let symbols = chafa_symbol_map_new() else { throw .failed("cannot start drawing") }
        defer { chafa_symbol_map_unref(symbols) }
        // Block elements are in every monospace font people use; spaces carry the background.
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue
                                                              | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        chafa_canvas_config_set_symbol_map(config, symbols)
        guard let canvas = chafa_canvas_new(config) else { throw .failed("cannot start drawing") }
        defer { chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBufferPointer {
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress,
                                         Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        // The fallback description speaks every sequence chafa knows (24-bit colour, sixels,
        // kitty, iTerm2); which ones are used was chosen above from the real terminal.
        guard let db = chafa_term_db_get_default(), let info = chafa_term_db_get_fallback_info(db) else {
            throw .failed("cannot start drawing")
        }
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(canvas, info) else { throw .failed("cannot draw the image") }
        defer { g_string_free(printed, 1) }
        return String(cString: printed.pointee.str)
    }

    var pixelMode: ChafaPixelMode {
        switch profile.format {
        case .symbols: return CHAFA_PIXEL_MODE_SYMBOLS
        case .kitty: return CHAFA_PIXEL_MODE_KITTY
        case .iterm2: return CHAFA_PIXEL_MODE_ITERM2
        case .sixels: return CHAFA_PIXEL_MODE_SIXELS
        }
    }

    var canvasMode: ChafaCanvasMode {
        switch profile.colors {
        case .truecolor: return CHAFA_CANVAS_MODE_TRUECOLOR
        case .indexed256: return CHAFA_CANVAS_MODE_INDEXED_240
        case .indexed16: return CHAFA_CANVAS_MODE_INDEXED_16
        }
    }
}
