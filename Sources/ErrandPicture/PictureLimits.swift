/// What one photo may cost to decode. A thumbnail is 375 x 300; a phone photo about 12
/// megapixels. Everything is checked against the header before a byte of pixels is made, so a
/// header claiming 60,000 x 60,000 costs nothing.
public struct PictureLimits: Equatable, Sendable {
    public static let maxSide = 16_384
    /// Largest file read.
    public var maxFileBytes = 16 << 20
    /// Largest source image (JPEG decodes scaled down, so this bounds time, not memory).
    public var maxPixels = 50_000_000
    /// Largest pixel buffer made (RGBA): a PNG decodes at full size, so this bounds it too.
    public var maxDecodedBytes = 64 << 20

    public init() {}

    func check(width: Int, height: Int) throws(PictureError) {
        guard width > 0, height > 0 else { throw .damaged("no pixels") }
        guard width <= PictureLimits.maxSide, height <= PictureLimits.maxSide, width * height <= maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }

    func checkBuffer(width: Int, height: Int) throws(PictureError) {
        guard width * height * 4 <= maxDecodedBytes else {
            throw .tooManyBytes(width: width, height: height, limit: maxDecodedBytes)
        }
    }
}
