import ErrandFiles
import ErrandShell
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension StartupFile {
    /// Keeps the abbreviations `abbr` changed at the keyboard in the errandrc, as fish kept its
    /// own: each changed name's `abbr` line is replaced (or dropped when erased) and every other
    /// line of the file is left as it was, comments and order included. Written whole through a
    /// temporary file (PrivateFile.replace: its mode kept, 0600 when new).
    public func keep(_ now: Abbreviations, was: Abbreviations) throws(FileFailure) {
        let changed = Set((now.all + was.all).map(\.name)).filter { now.expansion(of: $0) != was.expansion(of: $0) }
        guard !changed.isEmpty else { return }
        var lines: [String] = []
        var info = stat()
        if stat(path, &info) == 0 {
            let text = String(decoding: try FileContents.read(path), as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
        } else {
            try PrivateDirectory.makeParents(of: path)
        }
        lines.removeAll { StartupFile.abbreviationName(in: $0).map(changed.contains) ?? false }
        lines += now.all.filter { changed.contains($0.name) }.map(\.line)
        try PrivateFile.replace(path, with: Data((lines.map { $0 + "\n" }.joined()).utf8))
    }

    /// The name an `abbr NAME ...` line gives, nil for any other line.
    static func abbreviationName(in line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, words[0] == "abbr", !words[1].hasPrefix("-") else { return nil }
        return String(words[1])
    }
}
