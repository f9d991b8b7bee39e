import Foundation
import Testing

/// One fenced block of a Markdown page: its info string (errand, text...), its lines with the
/// fence's indent taken off, and the line its fence opens on.
struct DocBlock: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let info: String
    let text: String

    var testDescription: String { "\(file):\(line)" }

    static func all(in page: String, file: String) -> [DocBlock] {
        var blocks: [DocBlock] = []
        var open: (line: Int, indent: Int, info: String)?
        var body: [String] = []
        for (index, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if let current = open {
                if trimmed.hasPrefix("```") && trimmed.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(DocBlock(file: file, line: current.line, info: current.info, text: body.joined(separator: "\n") + "\n"))
                    open = nil
                    body = []
                } else {
                    body.append(String(line.dropFirst(min(current.indent, indent))))
                }
            } else if trimmed.hasPrefix("```") {
                open = (index + 1, indent, String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            }
        }
        return blocks
    }
}
