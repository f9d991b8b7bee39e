@testable import ErrandPicture
import Testing

/// Decoding what a server may send, good and bad, with the limits checked before any pixel
/// buffer is made.
@Suite struct DecoderTests {
    let box = PixelSize(width: 640, height: 640)

    @Test func aJPEGDecodesToItsSizeAndColours() throws {
        let image = try ImageDecoder.decode(try ImageMaker.jpeg(width: 64, height: 48), fitting: box)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.pixels.count == 64 * 48 * 4)
        // The disc in the middle is blue, the top-left corner dark: the decoder kept the content.
        let centre = (24 * 64 + 32) * 4
        #expect(image.pixels[centre + 2] > 180)
        #expect(image.pixels[2] < 60)
    }

    @Test func aLargeJPEGDecodesScaledDownToWhatTheDrawingNeeds() throws {
        let bytes = try ImageMaker.jpeg(width: 1600, height: 1200)
        let image = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 320, height: 320))
        // 1/4 gives 400 x 300, the least that still covers 320 across; 1/8 would lose pixels.
        #expect(image.width == 400 && image.height == 300)
    }

    @Test func aPNGDecodes() throws {
        let image = try ImageDecoder.decode(try ImageMaker.png(width: 30, height: 20), fitting: box)
        #expect(image.width == 30 && image.height == 20)
        #expect(image.pixels[(10 * 30 + 15) * 4 + 2] > 180)
    }

    @Test func whatIsNotAnImageIsSaidSo() {
        #expect(throws: PictureError.notAnImage) { try ImageDecoder.decode(Array("<html>404</html>".utf8), fitting: box) }
        #expect(throws: PictureError.notAnImage) { try ImageDecoder.decode([], fitting: box) }
    }

    @Test func aTruncatedJPEGIsDamagedNotHalfShown() throws {
        let bytes = try ImageMaker.jpeg(width: 200, height: 150)
        #expect(throws: PictureError.self) { try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2)), fitting: box) }
        #expect(throws: PictureError.self) { try ImageDecoder.decode(Array(bytes.prefix(10)), fitting: box) }
    }

    @Test func aHeaderClaiming60000SquareIsRefusedBeforeDecoding() throws {
        let bytes = ImageMaker.claiming(try ImageMaker.jpeg(width: 64, height: 48), width: 60_000, height: 60_000)
        #expect(throws: PictureError.tooLarge(width: 60_000, height: 60_000)) { try ImageDecoder.decode(bytes, fitting: box) }
        let png = ImageMaker.pngClaiming(try ImageMaker.png(width: 8, height: 8), width: 60_000, height: 60_000)
        #expect(throws: PictureError.self) { try ImageDecoder.decode(png, fitting: box) }
    }

    @Test func aJPEGBombOverTheLimitIsRefusedAndOneUnderItDecodesSmall() throws {
        let bomb = try ImageMaker.bomb(width: 16_000, height: 8_000)
        #expect(bomb.count * 100_000 < 16_000 * 8_000 * 3, "a bomb: far smaller than its pixels")
        #expect(throws: PictureError.tooLarge(width: 16_000, height: 8_000)) { try ImageDecoder.decode(bomb, fitting: box) }
        // 6000 x 4500, 27 megapixels: decoded at 1/8, never whole.
        let large = try ImageMaker.uniformJPEG(width: 6_000, height: 4_500)
        let image = try ImageDecoder.decode(large, fitting: box)
        #expect(image.width == 750 && image.height == 563)
    }

    @Test func aPNGTooLargeToDecodeWholeIsRefused() throws {
        // 5000 x 5000 RGBA is 100 MB: over the 64 MB a PNG (decoded at full size) may take.
        let png = ImageMaker.pngClaiming(try ImageMaker.png(width: 8, height: 8), width: 5_000, height: 5_000)
        #expect(throws: PictureError.tooManyBytes(width: 5_000, height: 5_000, limit: 64 << 20)) {
            try ImageDecoder.decode(png, fitting: box)
        }
    }

    /// Issue 28, item 11: a refusal names the limit that refused, not another one the image is within.
    @Test func eachRefusalNamesTheLimitItPassed() throws {
        let budget = ImageMaker.pngClaiming(try ImageMaker.png(width: 8, height: 8), width: 5_000, height: 5_000)
        do {
            _ = try ImageDecoder.decode(budget, fitting: box)
            Issue.record("a 100 MB PNG was decoded")
        } catch {
            #expect(error.description.contains("64 MB"), "\(error)")
            #expect(!error.description.contains("megapixels"), "25 megapixels is within the 50: \(error)")
        }
        let wide = ImageMaker.claiming(try ImageMaker.jpeg(width: 64, height: 48), width: 20_000, height: 100)
        do {
            _ = try ImageDecoder.decode(wide, fitting: box)
            Issue.record("a 20,000-pixel side was decoded")
        } catch {
            #expect(error.description.contains("16384 on a side"), "\(error)")
        }
        let many = try ImageMaker.bomb(width: 16_000, height: 8_000)
        do {
            _ = try ImageDecoder.decode(many, fitting: box)
            Issue.record("128 megapixels were decoded")
        } catch {
            #expect(error.description.contains("50 megapixels") && !error.description.contains("on a side"), "\(error)")
        }
    }

    @Test func everyErrorIsOneLine() {
        let errors: [PictureError] = [.notAnImage, .tooLarge(width: 1, height: 2), .tooManyBytes(width: 1, height: 2, limit: 1),
                                      .damaged("x"), .fileTooLarge(limit: 16 << 20),
                                      .unreadable("y"), .failed("z")]
        for error in errors { #expect(!error.description.contains("\n") && !error.description.isEmpty) }
    }
}
