#if canImport(Glibc)
import Glibc
#endif

/// A number with a fixed count of decimals, as printf's `%.Nf` writes it (the C locale's
/// point: errand sets only LC_TIME). String(format:) did this, and needs the full Foundation,
/// which would link ICU into errand.
public enum FixedDecimals {
    public static func text(_ value: Double, decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 400)
        let format = "%.\(max(0, min(decimals, 20)))f"
        let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        let count = max(0, min(Int(written), buffer.count - 1))
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
