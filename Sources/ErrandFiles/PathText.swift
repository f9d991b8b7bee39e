/// The folder and name parts of a path, as NSString's deletingLastPathComponent and
/// lastPathComponent gave them: errand links FoundationEssentials only (no NSString), and these
/// two are all it needed of it.
public enum PathText {
    /// "/a/b" -> "/a", "/a" -> "/", "a" -> "", "a/b/" -> "a", "/" -> "/".
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// "/a/b" -> "b", "a/b/" -> "b", "/" -> "/", "" -> "".
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let name = trimmed[trimmed.index(after: slash)...]
        return name.isEmpty ? "/" : String(name)
    }

    /// The path without slashes at its end, but "/" stays "/".
    static func withoutTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
