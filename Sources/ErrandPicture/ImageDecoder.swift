/// Picks the decoder by the file's first bytes, never by its name or a server's word.
public enum ImageDecoder {
    public static func decode(_ bytes: [UInt8], fitting target: PixelSize, limits: PictureLimits = PictureLimits())
        throws(PictureError) -> DecodedImage {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGDecoder.decode(bytes, fitting: target, limits: limits) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return try PNGDecoder.decode(bytes, limits: limits)
        }
        throw .notAnImage
    }
}
