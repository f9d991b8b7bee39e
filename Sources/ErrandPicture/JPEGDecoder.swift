import CTurboJPEG

/// JPEG through libjpeg-turbo, scaled down in the decoder (1/2 .. 1/8) to the least that still
/// covers the drawing: a 4000 x 3000 photo drawn in 80 columns decodes at 500 x 375.
enum JPEGDecoder {
    static func decode(_ bytes: [UInt8], fitting target: PixelSize, limits: PictureLimits) throws(PictureError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .failed("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .damaged(reason(handle)) }
        try limits.check(width: Int(width), height: Int(height))
        let scaled = scaledSize(width: Int(width), height: Int(height), fitting: target)
        try limits.checkBuffer(width: scaled.width, height: scaled.height)
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * 4)
        // A warning (a truncated file, say) is an error here: half a photo is not shown as
        // if it were the photo. LIMITSCANS refuses progressive files built to burn CPU.
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, Int32(scaled.width),
                              Int32(scaled.width * 4), Int32(scaled.height), Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        guard status == 0 else { throw .damaged(reason(handle)) }
        return DecodedImage(width: scaled.width, height: scaled.height, pixels: pixels)
    }

    /// The smallest of libjpeg-turbo's factors (at most 1) at which the image, fitted into
    /// `target` keeping its shape, loses no pixel.
    static func scaledSize(width: Int, height: Int, fitting target: PixelSize) -> PixelSize {
        let needed = min(Double(target.width) / Double(width), Double(target.height) / Double(height))
        var count: Int32 = 0
        var best = (num: 1, denom: 1)
        if let factors = tjGetScalingFactors(&count) {
            for i in 0..<Int(max(count, 0)) {
                let f = (num: Int(factors[i].num), denom: Int(factors[i].denom))
                let value = Double(f.num) / Double(f.denom)
                if value <= 1, value >= needed, value < Double(best.num) / Double(best.denom) { best = f }
            }
        }
        func scale(_ d: Int) -> Int { (d * best.num + best.denom - 1) / best.denom }
        return PixelSize(width: scale(width), height: scale(height))
    }

    static func reason(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
