@testable import ErrandPicture
import Foundation
import Testing

/// Drawing with libchafa: a fixed image at a fixed size gives fixed text, and the format
/// follows what the terminal's environment says.
@Suite struct DrawingTests {
    static let expectedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    @Test func aGradientInSymbolsAt40x12IsTheExpectedText() throws {
        let image = try ImageDecoder.decode(try ImageMaker.jpeg(width: 96, height: 64), fitting: PixelSize(width: 320, height: 192))
        let drawer = PictureDrawer(profile: TerminalProfile(format: .symbols, colors: .truecolor), columns: 40, rows: 12)
        let drawn = try drawer.draw(image)
        let file = DrawingTests.expectedFolder.appendingPathComponent("gradient-96x64-symbols-40x12.txt")
        if ProcessInfo.processInfo.environment["ERRAND_UPDATE_EXPECTED"] == "1" {
            try drawn.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(drawn == expected, "set ERRAND_UPDATE_EXPECTED=1 to rewrite \(file.path) after a deliberate change")
        // 96 x 64 at cells twice as tall as wide fills 36 x 12 of the 40 x 12 box.
        let lines = drawn.split(separator: "\n")
        #expect(lines.count == 12)
        let visible = lines.map { DrawingTests.visibleCharacters(String($0)) }
        #expect(visible.allSatisfy { $0.count == 36 })
        // Only block elements and spaces, in 24-bit colour.
        #expect(visible.joined().unicodeScalars.allSatisfy { $0 == " " || (0x2580...0x259F).contains($0.value) })
        #expect(drawn.contains("\u{1B}[38;2;"))
    }

    @Test func indexedColoursUseThe256Palette() throws {
        let image = try ImageDecoder.decode(try ImageMaker.jpeg(width: 32, height: 32), fitting: PixelSize(width: 64, height: 64))
        let drawn = try PictureDrawer(profile: TerminalProfile(format: .symbols, colors: .indexed256), columns: 10, rows: 5).draw(image)
        #expect(drawn.contains("\u{1B}[38;5;") && !drawn.contains("\u{1B}[38;2;"))
    }

    @Test func theImageProtocolsSpeakTheirOwnSequences() throws {
        let image = try ImageDecoder.decode(try ImageMaker.jpeg(width: 32, height: 32), fitting: PixelSize(width: 64, height: 64))
        func draw(_ format: PictureFormat) throws -> String {
            try PictureDrawer(profile: TerminalProfile(format: format, colors: .truecolor), columns: 10, rows: 5).draw(image)
        }
        #expect(try draw(.kitty).contains("\u{1B}_G"))
        #expect(try draw(.iterm2).contains("\u{1B}]1337;File="))
        #expect(try draw(.sixels).contains("\u{1B}P"))
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], PictureFormat.kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm2),
        (["TERM": "mlterm"], .sixels),
        (["TERM": "foot"], .sixels),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .symbols),
        (["TERM": "tmux-256color", "COLORTERM": "truecolor"], .symbols),
        // Inside tmux a kitty outside does not get its protocol: tmux would swallow it.
        (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], .symbols),
        (["TERM": "screen-256color"], .symbols),
    ])
    func theFormatFollowsTheTerminal(environment: [String: String], format: PictureFormat) {
        #expect(TerminalProfile.detect(environment: environment).format == format)
    }

    @Test func coloursFollowCOLORTERMAndTheTerminal() {
        #expect(TerminalProfile.detect(environment: ["TERM": "tmux-256color", "COLORTERM": "truecolor"]).colors == .truecolor)
        #expect(TerminalProfile.detect(environment: ["TERM": "tmux-256color", "COLORTERM": "24bit"]).colors == .truecolor)
        #expect(TerminalProfile.detect(environment: ["TERM": "tmux-256color"]).colors == .indexed256)
    }

    @Test func theSizeKeepsTheShapeInsideTheBox() {
        let drawer = PictureDrawer(profile: TerminalProfile(format: .symbols, colors: .truecolor), columns: 80, rows: 20)
        let wide = drawer.geometry(of: DecodedImage(width: 400, height: 100, pixels: []))
        #expect(wide.columns == 80 && wide.rows == 10)
        let tall = drawer.geometry(of: DecodedImage(width: 100, height: 400, pixels: []))
        #expect(tall.rows == 20 && tall.columns == 10)
    }

    /// A line without its escape sequences.
    static func visibleCharacters(_ line: String) -> String {
        var out = ""
        var escape = false
        for scalar in line.unicodeScalars {
            if escape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { escape = false }
                continue
            }
            if scalar == "\u{1B}" { escape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
