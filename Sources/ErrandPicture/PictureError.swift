/// Why a photo is not drawn, as the one line shown in its place.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    case notAnImage
    /// Over the header limits: a side, or the megapixels.
    case tooLarge(width: Int, height: Int)
    /// Within the header limits, but its decoded pixels would pass the memory budget (a PNG
    /// decodes whole; `limit` in bytes).
    case tooManyBytes(width: Int, height: Int, limit: Int)
    case damaged(String)
    case fileTooLarge(limit: Int)
    case unreadable(String)
    case failed(String)

    public var description: String {
        switch self {
        case .notAnImage: return "not an image (Errand draws JPEG and PNG)"
        // Each names the limit that refused it: a 25-megapixel PNG was told of the
        // 50-megapixel limit when the 64 MB budget was what it passed.
        case let .tooLarge(width, height):
            let limit = max(width, height) > PictureLimits.maxSide
                ? "\(PictureLimits.maxSide) on a side" : "\(PictureLimits().maxPixels / 1_000_000) megapixels"
            return "the image claims \(width) x \(height) pixels, more than the \(limit) Errand decodes"
        case let .tooManyBytes(width, height, limit):
            return "the image's \(width) x \(height) pixels would take more than the \(limit >> 20) MB Errand decodes "
                + "one image into"
        case let .damaged(reason): return "the image is damaged (\(reason))"
        case let .fileTooLarge(limit): return "the image file is over \(limit >> 20) MB"
        case let .unreadable(reason): return "cannot read the image: \(reason)"
        case let .failed(reason): return reason
        }
    }
}
