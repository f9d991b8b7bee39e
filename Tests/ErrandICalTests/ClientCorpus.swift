import Foundation

/// VTODOs as Apple Reminders, Thunderbird, Nextcloud Tasks, tasks.org, eM Client and Synology
/// write them (`Fixtures/clients`, written here from those clients' public formats), and the
/// line-level views the tests compare them by.
enum ClientCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/clients")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Each `BEGIN:KIND` ... `END:KIND` block as written (KIND does not nest in these files).
    static func blocks(_ kind: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "BEGIN:\(kind)\r\n"), let end = rest.range(of: "END:\(kind)\r\n", range: start.upperBound..<rest.endIndex) {
            found.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    /// The content lines of the VTODO blocks, each with its folds as written.
    static func todoLines(_ text: String) -> [String] {
        var lines: [String] = []
        for block in blocks("VTODO", in: text) {
            for physical in block.components(separatedBy: "\r\n") where !physical.isEmpty {
                if physical.hasPrefix(" ") || physical.hasPrefix("\t"), let last = lines.popLast() {
                    lines.append(last + "\r\n" + physical)
                } else {
                    lines.append(physical)
                }
            }
        }
        return lines
    }

    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }
}
