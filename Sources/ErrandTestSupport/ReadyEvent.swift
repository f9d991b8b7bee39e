/// One line of errand's readiness signal: what it waits for (`prompt`, `form`, `key`,
/// `watch`), the prompt as drawn and the line typed so far.
public struct ReadyEvent: Equatable, Sendable, CustomStringConvertible {
    public let reading: String
    public let prompt: String
    public let line: String

    public init(_ text: String) {
        let fields = text.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map { ReadyEvent.unescaped(String($0)) }
        reading = fields.first ?? ""
        prompt = fields.count > 1 ? fields[1] : ""
        line = fields.count > 2 ? fields[2] : ""
    }

    /// Errand reads a whole line or an answer, not the next key of one.
    public var startsALine: Bool { reading != "key" }

    public var description: String { "\(reading) \(prompt.debugDescription) \(line.debugDescription)" }

    static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
