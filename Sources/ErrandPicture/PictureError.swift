/// Why a photo is not drawn, as the one line shown in its place.
public enum PictureError: Error, Equatable, CustomStringConvertible {
    case notAnImage
    case tooLarge(width: Int, height: Int)
    case damaged(String)
    case fileTooLarge(limit: Int)
    case unreadable(String)
    case failed(String)

    public var description: String {
        switch self {
        case .notAnImage: return "not an image (Errand draws JPEG and PNG)"
        case let .tooLarge(width, height):
            return "the image claims \(width) x \(height) pixels, more than Errand decodes "
                + "(\(PictureLimits.maxSide) on a side, \(PictureLimits().maxPixels / 1_000_000) megapixels)"
        case let .damaged(reason): return "the image is damaged (\(reason))"
        case let .fileTooLarge(limit): return "the image file is over \(limit >> 20) MB"
        case let .unreadable(reason): return "cannot read the image: \(reason)"
        case let .failed(reason): return reason
        }
    }
}
