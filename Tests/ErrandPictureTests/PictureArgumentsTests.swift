import ErrandOptions
import ErrandPicture
import Testing

/// errand-picture's arguments, read through the same declarations as errand's own options.
@Suite struct PictureArgumentsTests {
    @Test func whatErrandPassesIsRead() throws {
        let parsed = try PictureArguments.parse(["--columns", "40", "--rows", "12", "--cell", "8x16", "--format", "kitty",
                                                 "--colors", "256", "/tmp/a.jpg"])
        #expect(parsed.columns == 40 && parsed.rows == 12 && parsed.cell == PixelSize(width: 8, height: 16))
        #expect(parsed.format == .kitty && parsed.colors == .indexed256 && parsed.path == "/tmp/a.jpg")
        let auto = try PictureArguments.parse(["--format", "auto", "--colors", "auto", "--detect"])
        #expect(auto.format == nil && auto.colors == nil && auto.detectOnly)
    }

    @Test func badUsageIsOneLineNamingTheOption() {
        for (arguments, reason) in [
            (["--columns", "0"], "--columns needs 1 to 1000"),
            (["--cell", "8"], "--cell needs WxH"),
            (["--format", "ascii"], "unknown format ascii"),
            (["a", "b"], "unexpected b"),
        ] {
            #expect(throws: OptionFailure(reason), "\(arguments)") { try PictureArguments.parse(arguments) }
        }
        #expect(PictureArguments.usage == "usage: errand-picture [--format auto|symbols|kitty|iterm2|sixels] "
            + "[--colors auto|truecolor|256|16] [--columns N] [--rows N] [--cell WxH] FILE | --detect")
    }
}
