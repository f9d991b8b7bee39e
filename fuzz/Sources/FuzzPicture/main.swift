import ErrandPicture

/// Any bytes as a photo: decoded (JPEG or PNG, by their first bytes) within the limits, then
/// drawn in symbols as a terminal would get them, and with an image protocol.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: bytes, count: count))
    let symbols = PictureDrawer(profile: TerminalProfile(format: .symbols, colors: .truecolor), columns: 40, rows: 12)
    guard let image = try? ImageDecoder.decode(input, fitting: symbols.pixelsWanted) else { return 0 }
    _ = try? symbols.draw(image)
    // Small images only through sixels: the encoder is costly and the decoder's output the same.
    if image.width * image.height <= 4_096 {
        _ = try? PictureDrawer(profile: TerminalProfile(format: .sixels, colors: .indexed256), columns: 8, rows: 4).draw(image)
    }
    return 0
}
