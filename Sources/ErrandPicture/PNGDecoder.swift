import CPNG

/// PNG through libpng's simplified API, which reports errors without setjmp. It decodes at
/// full size, so the buffer limit bounds what a PNG may claim.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8], limits: PictureLimits) throws(PictureError) -> DecodedImage {
        var image = png_image()
        image.version = errand_png_version()
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .damaged(message(&image)) }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        try limits.check(width: width, height: height)
        try limits.checkBuffer(width: width, height: height)
        image.format = errand_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else { throw .damaged(message(&image)) }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = raw.prefix { $0 != 0 }
            return text.isEmpty ? "unknown error" : String(decoding: text, as: UTF8.self)
        }
    }
}
