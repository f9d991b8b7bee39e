import CPNG
import CTurboJPEG
import Foundation

/// Images made by the tests themselves: a colour gradient with a disc, compressed by
/// libjpeg-turbo or libpng, so nothing binary is committed and every byte is known.
enum ImageMaker {
    /// RGB pixels: red across, green down, a blue disc in the middle.
    static func gradient(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                let dx = Double(x - width / 2), dy = Double(y - height / 2)
                let inDisc = dx * dx + dy * dy < Double(min(width, height) * min(width, height)) / 9
                pixels[i] = UInt8(x * 255 / max(width - 1, 1))
                pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[i + 2] = inDisc ? 230 : 20
            }
        }
        return pixels
    }

    struct Failed: Error {}

    static func jpeg(width: Int, height: Int, pixels: [UInt8]? = nil, quality: Int32 = 90) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw Failed() }
        defer { tjDestroy(handle) }
        let source = pixels ?? gradient(width: width, height: height)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = source.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), quality, 0)
        }
        guard status == 0, let output else { throw Failed() }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A large grey image of one colour, which compresses to almost nothing. Grey, one byte a
    /// pixel, to keep the test process small: a child spawned later inherits its peak RSS as its
    /// own (vfork then exec), and other tests bound their children's peak.
    static func uniformJPEG(width: Int, height: Int) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw Failed() }
        defer { tjDestroy(handle) }
        let source = [UInt8](repeating: 128, count: width * height)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = source.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width), Int32(height), Int32(TJPF_GRAY.rawValue),
                        &output, &size, Int32(TJSAMP_GRAY.rawValue), 10, 0)
        }
        guard status == 0, let output else { throw Failed() }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A decompression bomb: a small file whose header claims `width` x `height`. Made from a
    /// one-colour image with its frame header patched, so the test never holds the pixels; the
    /// decoder reads the same header either way, and must refuse before it decodes a row.
    static func bomb(width: Int, height: Int) throws -> [UInt8] {
        claiming(try uniformJPEG(width: 64, height: 64), width: width, height: height)
    }

    static func png(width: Int, height: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_RGB)
        let pixels = gradient(width: width, height: height)
        var size: Int = 0
        guard pixels.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 3), nil) }) != 0
        else { throw Failed() }
        var memory = [UInt8](repeating: 0, count: size)
        guard memory.withUnsafeMutableBytes({ out in
            pixels.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, Int32(width * 3), nil) }
        }) != 0 else { throw Failed() }
        return Array(memory.prefix(size))
    }

    /// `bytes` with the frame header's size fields (SOF0/SOF2) set to `width` x `height`.
    static func claiming(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = bytes
        var i = 2
        while i + 8 < out.count {
            if out[i] == 0xFF, out[i + 1] == 0xC0 || out[i + 1] == 0xC2 {
                out[i + 5] = UInt8(height >> 8); out[i + 6] = UInt8(height & 0xFF)
                out[i + 7] = UInt8(width >> 8); out[i + 8] = UInt8(width & 0xFF)
                return out
            }
            i += 1
        }
        return out
    }

    /// A PNG whose header claims another size (its CRC made right, so the header reads).
    static func pngClaiming(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = bytes
        // IHDR's data starts at 16: width, height (big-endian), then its CRC at 29.
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { out[offset + k] = UInt8((value >> (24 - 8 * k)) & 0xFF) }
        }
        let crc = crc32(Array(out[12..<29]))
        for k in 0..<4 { out[29 + k] = UInt8((crc >> (24 - 8 * k)) & 0xFF) }
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}
